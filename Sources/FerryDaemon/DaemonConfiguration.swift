import FerryCore
import FerryDiscovery
import FerryLocalSend
import FerryTransfer

/// Everything ferryd needs to know, decided once by the executable (ferryd's `main`) from its
/// environment and flags: a plain value — no closures, no live objects, and making or changing
/// one does no I/O. What the daemon's parts tell each other at run time (the transfer port
/// once bound, discovery's peers) is wired in ``Daemon``, not carried here.
public struct DaemonConfiguration: Sendable {
    /// Where apps, containers and the user's choices live.
    public var paths: FerryPaths
    /// The Unix socket to listen on; its folder is created 0700.
    public var socketPath: String
    /// The environment apps start with (before Ferry's own variables).
    public var environment: [String: String]
    /// Where managed apps' stdout and stderr go, one file per app.
    public var logDirectory: String
    /// How long a launch may take, from spawn to didFinishLaunching's answer. Default 5 s.
    public var launchWatchdog: Duration = .seconds(5)
    /// How long an app may take to answer any other event. Default 5 s.
    public var eventTimeout: Duration = .seconds(5)
    /// How long an app without UIBackgroundModes stays in the background before it is suspended. Default 10 s.
    public var suspendAfter: Duration = .seconds(10)
    /// How long background tasks may keep an app from being suspended, from its entering the
    /// background (`FERRY_BACKGROUND_TASK_BUDGET`, seconds). Default 30 s.
    public var backgroundTaskBudget: Duration = .seconds(30)
    /// How long a `DBusActivatable` desktop app may take to answer `Open`, bus activation
    /// included (`FERRY_DBUS_OPEN_TIMEOUT`). Default 25 s, D-Bus's own default, as `gio open` waits.
    public var dbusOpenTimeout: Duration = .seconds(25)
    /// How long `ferry quit` waits for the app to exit before killing it. Default 3 s.
    public var quitTimeout: Duration = .seconds(3)
    /// The memory-pressure share (PSI `some avg10`, percent) above which apps are warned. Default 10.
    public var memoryPressureThreshold: Double = 10
    /// How long to wait after an app folder changes before reloading, to batch bursts. Default 20 ms.
    public var reloadDelay: Duration = .milliseconds(20)
    /// A socket already bound and listening on ``socketPath`` (systemd socket activation, see
    /// ``SocketActivation``); nil to bind it. Default nil.
    public var listeningSocket: Int32?
    /// How long after the session locks the keys of `complete` classes go (`FERRY_PROTECTION_GRACE`). Default 10 s.
    public var protectionGrace: Duration = .seconds(10)

    /// Announcing this device and finding peers on the LAN.
    public var discovery: DiscoverySettings
    /// The file-transfer listener's TCP port (`FERRY_TRANSFER_PORT`); nil turns receiving off
    /// entirely. Default 47120; 0 picks a free port.
    public var transferPort: Int? = TransferServer.defaultPort
    /// The address the transfer listener binds (`FERRY_TRANSFER_HOST`). Default every interface.
    public var transferHost = "0.0.0.0"
    /// Free space kept after accepting an offer; nil for the default (256 MiB).
    public var transferReserveBytes: UInt64?
    /// How long a pair request waits for both users, in seconds (`FERRY_PAIR_TIMEOUT`). Default 120.
    public var pairSeconds: Double = 120
    /// How long an offer waits for `ferry accept` before it expires, in seconds (`FERRY_OFFER_TIMEOUT`). Default 120.
    public var offerSeconds: Double = TransferLimits().pendingSeconds
    /// Who may send files at start (`FERRY_RECEIVING`). Default Contacts only.
    public var receivingMode: ReceivingMode = .contacts
    /// LocalSend: its port (`FERRY_LOCALSEND_PORT`, `off`), multicast group and PIN (docs/localsend.md).
    public var localSend = LocalSendSettings()

    public init(paths: FerryPaths, socketPath: String, environment: [String: String], logDirectory: String) {
        self.paths = paths
        self.discovery = DiscoverySettings(environment: environment, configHome: paths.configHome)
        self.socketPath = socketPath
        self.environment = environment
        self.logDirectory = logDirectory
    }
}
