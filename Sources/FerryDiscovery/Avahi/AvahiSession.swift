import CAvahi

/// What we announce: one DNS-SD service.
struct ServiceAnnouncement: Sendable, Equatable {
    var name: String
    var type: String
    var port: Int
    var txt: [String]

    /// The TXT record announced while the name is probed: only what every Ferry device has in common.
    ///
    /// Avahi settles a probe tie record by record (SRV, then TXT), not over the whole set as RFC 6762
    /// §8.2 asks. Two devices whose SRV and TXT records order differently both lose, take the same
    /// alternative name and lose again, round after round. With one TXT record for all, only the SRV
    /// record decides and exactly one device renames, as with two `avahi-publish`. The full record
    /// replaces it in place once the name is ours.
    var probeTXT: [String] {
        Array(txt.prefix { $0.hasPrefix("txtvers=") })
    }

    /// A Ferry device's TXT record while it probes; a record of `txtvers` alone says nothing yet.
    static let probeOnlyTXT = ["txtvers=\(PeerAdvertisement.layoutVersion)"]
}

/// libavahi-client on its own thread (Avahi's threaded poll).
///
/// Avahi runs callbacks on the poll thread with the poll's lock held; every call from another thread
/// takes that lock first (`locked`). Callbacks never take it: they use the `…Locked` methods. What
/// happens leaves through ``events``.
final class AvahiSession: @unchecked Sendable {
    let events: AsyncStream<AvahiEvent>
    private let continuation: AsyncStream<AvahiEvent>.Continuation
    private let poll: OpaquePointer

    // Guarded by the poll's lock.
    private var client: OpaquePointer?
    private var group: OpaquePointer?
    private var browser: OpaquePointer?
    private var resolvers: [ServiceKey: OpaquePointer] = [:]
    /// What the browser lists now; a resolver is made for each, again after it failed (`resolve`).
    private var browsed: Set<ServiceKey> = []
    private var announcement: ServiceAnnouncement?
    /// What Discovery last asked for; its name may be older than the alternative we settled on.
    private var requested: ServiceAnnouncement?
    /// Whether the group holds its name (probing done), so the full TXT record is out.
    private var established = false
    private var browsedType: String?
    private var closed = false

    init() throws(DiscoveryError) {
        guard let poll = avahi_threaded_poll_new() else { throw DiscoveryError("cannot create Avahi's poll loop") }
        self.poll = poll
        (events, continuation) = AsyncStream.makeStream(of: AvahiEvent.self)
        guard avahi_threaded_poll_start(poll) >= 0 else {
            avahi_threaded_poll_free(poll)
            throw DiscoveryError("cannot start Avahi's poll thread")
        }
    }

    deinit {
        close()
        avahi_threaded_poll_free(poll)
    }

    private var context: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    private static func session(_ userdata: UnsafeMutableRawPointer?) -> AvahiSession? {
        userdata.map { Unmanaged<AvahiSession>.fromOpaque($0).takeUnretainedValue() }
    }

    private func locked<T>(_ body: () -> T) -> T {
        avahi_threaded_poll_lock(poll)
        defer { avahi_threaded_poll_unlock(poll) }
        return body()
    }

    /// Drops any client and makes a new one that waits for avahi-daemon (`AVAHI_CLIENT_NO_FAIL`).
    func connect() {
        locked {
            guard !closed else { return }
            freeClientLocked()
            var error: Int32 = 0
            let made = avahi_client_new(avahi_threaded_poll_get(poll), AVAHI_CLIENT_NO_FAIL, { client, state, userdata in
                AvahiSession.session(userdata)?.clientChangedLocked(client, state)
            }, context, &error)
            if made == nil {
                continuation.yield(.unavailable(message: AvahiStrings.error(error)))
            } else {
                client = made
            }
        }
    }

    /// Announces `announcement` (again, after a reconnect) or, when only TXT changed, updates it in place.
    func publish(_ announcement: ServiceAnnouncement) {
        locked {
            let previous = self.announcement
            var next = announcement
            // Asked again under the name we gave up: keep the alternative, do not collide again.
            if let previous, requested?.name == announcement.name { next.name = previous.name }
            requested = announcement
            self.announcement = next
            if let previous, let group, previous.name == next.name, previous.port == next.port,
               previous.type == next.type, avahi_entry_group_is_empty(group) == 0 {
                // While probing, the new record goes out when the name is established.
                if established { updateTXTLocked(group, next) }
            } else {
                publishLocked()
            }
        }
    }

    /// Browses for `type` whenever the client runs.
    func browse(_ type: String) {
        locked {
            browsedType = type
            browseLocked()
        }
    }

    /// Resolves `key` again if the browser still lists it and it has no resolver (its last one failed).
    func resolve(_ key: ServiceKey) {
        locked {
            guard browsed.contains(key), resolvers[key] == nil else { return }
            resolveLocked(key)
        }
    }

    /// Stops the poll thread and frees everything; avahi-daemon then withdraws our service (goodbye).
    func close() {
        let wasOpen = locked { () -> Bool in
            defer { closed = true }
            return !closed
        }
        guard wasOpen else { return }
        avahi_threaded_poll_stop(poll)
        freeClientLocked()
        continuation.finish()
    }

    // MARK: On the poll thread (or with the lock held)

    private func clientChangedLocked(_ client: OpaquePointer?, _ state: AvahiClientState) {
        switch state {
        case AVAHI_CLIENT_S_RUNNING:
            self.client = client
            continuation.yield(.running)
            publishLocked()
            browseLocked()
        case AVAHI_CLIENT_S_COLLISION, AVAHI_CLIENT_S_REGISTERING:
            if let group { avahi_entry_group_reset(group) }
            established = false
            continuation.yield(.hostNameChanging)
        case AVAHI_CLIENT_CONNECTING:
            continuation.yield(.connecting)
        case AVAHI_CLIENT_FAILURE:
            let code = avahi_client_errno(client)
            continuation.yield(.clientFailed(message: AvahiStrings.error(code), disconnected: code == AVAHI_ERR_DISCONNECTED))
        default:
            break
        }
    }

    private func publishLocked() {
        guard let client, avahi_client_get_state(client) == AVAHI_CLIENT_S_RUNNING, var announcement else { return }
        if group == nil {
            group = avahi_entry_group_new(client, { group, state, userdata in
                AvahiSession.session(userdata)?.groupChangedLocked(group, state)
            }, context)
        }
        guard let group else {
            continuation.yield(.publishFailed(message: AvahiStrings.error(avahi_client_errno(client))))
            return
        }
        avahi_entry_group_reset(group)
        established = false
        var code = addServiceLocked(group, announcement)
        while code == AVAHI_ERR_COLLISION {
            let next = AvahiStrings.alternativeName(announcement.name)
            continuation.yield(.renamed(from: announcement.name, to: next))
            announcement.name = next
            self.announcement = announcement
            code = addServiceLocked(group, announcement)
        }
        if code >= 0 { code = avahi_entry_group_commit(group) }
        if code < 0 { continuation.yield(.publishFailed(message: AvahiStrings.error(code))) }
    }

    private func addServiceLocked(_ group: OpaquePointer, _ announcement: ServiceAnnouncement) -> Int32 {
        let txt = AvahiStrings.list(announcement.probeTXT)
        defer { avahi_string_list_free(txt) }
        return avahi_entry_group_add_service_strlst(
            group, AvahiIfIndex(AVAHI_IF_UNSPEC), AvahiProtocol(AVAHI_PROTO_UNSPEC), AvahiPublishFlags(0),
            announcement.name, announcement.type, nil, nil, UInt16(truncatingIfNeeded: announcement.port), txt)
    }

    private func updateTXTLocked(_ group: OpaquePointer, _ announcement: ServiceAnnouncement) {
        let txt = AvahiStrings.list(announcement.txt)
        defer { avahi_string_list_free(txt) }
        let code = avahi_entry_group_update_service_txt_strlst(
            group, AvahiIfIndex(AVAHI_IF_UNSPEC), AvahiProtocol(AVAHI_PROTO_UNSPEC), AvahiPublishFlags(0),
            announcement.name, announcement.type, nil, txt)
        if code < 0 { continuation.yield(.publishFailed(message: AvahiStrings.error(code))) }
    }

    private func groupChangedLocked(_ group: OpaquePointer?, _ state: AvahiEntryGroupState) {
        switch state {
        case AVAHI_ENTRY_GROUP_ESTABLISHED:
            established = true
            guard let announcement, let group else { return }
            if announcement.txt != announcement.probeTXT { updateTXTLocked(group, announcement) }
            continuation.yield(.published(name: announcement.name))
        case AVAHI_ENTRY_GROUP_COLLISION:
            established = false
            // Someone else on the link has our name: take Avahi's alternative ("name #2") and retry.
            guard var announcement else { return }
            let next = AvahiStrings.alternativeName(announcement.name)
            continuation.yield(.renamed(from: announcement.name, to: next))
            announcement.name = next
            self.announcement = announcement
            publishLocked()
        case AVAHI_ENTRY_GROUP_FAILURE:
            let code = avahi_client_errno(avahi_entry_group_get_client(group))
            continuation.yield(.publishFailed(message: AvahiStrings.error(code)))
        default:
            break
        }
    }

    private func browseLocked() {
        guard let client, avahi_client_get_state(client) == AVAHI_CLIENT_S_RUNNING, browser == nil,
              let browsedType else { return }
        browser = avahi_service_browser_new(
            client, AvahiIfIndex(AVAHI_IF_UNSPEC), AvahiProtocol(AVAHI_PROTO_UNSPEC), browsedType, nil,
            AvahiLookupFlags(0), { _, interface, family, event, name, type, domain, flags, userdata in
                guard let session = AvahiSession.session(userdata) else { return }
                let key = ServiceKey(interface: interface, protocolFamily: family, name: name.map { String(cString: $0) } ?? "",
                                     type: type.map { String(cString: $0) } ?? "", domain: domain.map { String(cString: $0) } ?? "")
                session.browsedLocked(event, key, flags)
            }, context)
        if browser == nil {
            continuation.yield(.browseFailed(message: AvahiStrings.error(avahi_client_errno(client))))
        }
    }

    private func browsedLocked(_ event: AvahiBrowserEvent, _ key: ServiceKey, _ flags: AvahiLookupResultFlags) {
        switch event {
        case AVAHI_BROWSER_NEW:
            // Our own announcement comes back too. It is not skipped here: Avahi flags a peer's
            // service as ours while our own copy of that name is still registered (a name
            // collision), so Discovery hides entries by our current name instead.
            browsed.insert(key)
            guard resolvers[key] == nil else { return }
            resolveLocked(key)
        case AVAHI_BROWSER_REMOVE:
            browsed.remove(key)
            if let resolver = resolvers.removeValue(forKey: key) { avahi_service_resolver_free(resolver) }
            continuation.yield(.removed(key))
        case AVAHI_BROWSER_ALL_FOR_NOW:
            continuation.yield(.allForNow)
        case AVAHI_BROWSER_FAILURE:
            continuation.yield(.browseFailed(message: AvahiStrings.error(avahi_client_errno(client))))
        default:
            break
        }
    }

    private func resolveLocked(_ key: ServiceKey) {
        guard let client else { return }
        // The resolver stays open while the service exists, so TXT updates arrive as new `found` events.
        // The address is asked in the family the service was seen in: with UNSPEC, Avahi may answer
        // an IPv4 sighting with the host's IPv6 link-local address alone (AAAA records are
        // published over IPv4 too), which leaves the peer without a usable address.
        let resolver = avahi_service_resolver_new(
            client, key.interface, key.protocolFamily, key.name, key.type, key.domain,
            key.protocolFamily, AvahiLookupFlags(0), { resolver, interface, family, event, name, type, domain,
                                                                      host, address, port, txt, _, userdata in
                guard let session = AvahiSession.session(userdata) else { return }
                let key = ServiceKey(interface: interface, protocolFamily: family, name: name.map { String(cString: $0) } ?? "",
                                     type: type.map { String(cString: $0) } ?? "", domain: domain.map { String(cString: $0) } ?? "")
                session.resolvedLocked(resolver, event, key, host: host.map { String(cString: $0) } ?? "",
                                       address: AvahiStrings.address(address), port: Int(port), txt: AvahiStrings.entries(txt))
            }, context)
        if let resolver {
            resolvers[key] = resolver
        } else {
            continuation.yield(.resolveFailed(key, message: AvahiStrings.error(avahi_client_errno(client))))
        }
    }

    private func resolvedLocked(_ resolver: OpaquePointer?, _ event: AvahiResolverEvent, _ key: ServiceKey,
                                host: String, address: String, port: Int, txt: [String]) {
        if event == AVAHI_RESOLVER_FOUND {
            continuation.yield(.found(ResolvedService(key: key, hostName: host, address: address, port: port, txt: txt)))
        } else {
            continuation.yield(.resolveFailed(key, message: AvahiStrings.error(avahi_client_errno(client))))
            // A failed resolver is spent; Discovery asks for a fresh one later (`resolve`).
            if let resolver, resolvers[key] == resolver {
                resolvers[key] = nil
                avahi_service_resolver_free(resolver)
            }
        }
    }

    /// Freeing the client frees its group, browser and resolvers with it.
    private func freeClientLocked() {
        resolvers.removeAll()
        browsed.removeAll()
        browser = nil
        group = nil
        established = false
        if let client { avahi_client_free(client) }
        client = nil
    }
}
