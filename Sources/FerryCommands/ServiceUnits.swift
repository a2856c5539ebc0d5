/// ferryd's systemd user units. `ferry daemon --install-service` writes them with the path of the
/// ferryd beside ferry; `examples/systemd/` holds the same text for `/usr/local/bin/ferryd`
/// (a test keeps the two equal).
enum ServiceUnits {
    static let serviceName = "ferryd.service"
    static let socketName = "ferryd.socket"

    /// The service: ferryd in the foreground, its stderr in the journal (with `<N>` priorities).
    static func service(ferryd: String) -> String {
        """
        [Unit]
        Description=Ferry daemon: opens URLs with the apps that declare them
        Documentation=man:ferry(1)
        After=ferryd.socket

        [Service]
        Type=simple
        ExecStart=\(ferryd)
        Restart=on-failure
        # ferryd tells managed apps to terminate on SIGTERM; give them time.
        TimeoutStopSec=15
        # Hardening that the apps ferryd launches inherit too, so only what a desktop app does not
        # need: no PrivateTmp (X11's /tmp/.X11-unix and files handed over in /tmp), no
        # RestrictNamespaces (browser and bubblewrap sandboxes), no MemoryDenyWriteExecute (JITs).
        NoNewPrivileges=yes
        UMask=0077
        ProtectSystem=strict
        ReadWritePaths=%h %t /tmp /var/tmp -/media -/mnt -/run/media
        ProtectKernelTunables=yes
        ProtectKernelModules=yes
        ProtectKernelLogs=yes
        ProtectControlGroups=yes
        ProtectClock=yes
        ProtectHostname=yes
        RestrictAddressFamilies=AF_UNIX AF_INET AF_INET6 AF_NETLINK
        RestrictRealtime=yes
        RestrictSUIDSGID=yes
        LockPersonality=yes
        SystemCallArchitectures=native
        CapabilityBoundingSet=
        AmbientCapabilities=
        KeyringMode=private
        ProtectProc=invisible
        PrivateMounts=yes

        [Install]
        WantedBy=default.target
        Also=ferryd.socket

        """
    }

    /// The socket: systemd listens on ferry's default socket path and starts ferryd on the first
    /// connection, passing the listening socket (LISTEN_FDS).
    static func socket() -> String {
        """
        [Unit]
        Description=Ferry daemon socket
        Documentation=man:ferry(1)

        [Socket]
        ListenStream=%t/ferry/ferryd.sock
        SocketMode=0600
        DirectoryMode=0700
        RemoveOnStop=true

        [Install]
        WantedBy=sockets.target

        """
    }
}
