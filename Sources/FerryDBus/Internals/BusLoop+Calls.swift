import CSystemd

/// Method calls, signal matches and emitted signals, as bus-thread jobs.
extension BusLoop {
    func startCall(_ call: DBusMethodCall, _ pending: PendingCall) {
        guard !pending.isFinished else { return }
        do throws(DBusError) {
            let message = try newMethodCall(call)
            defer { sd_bus_message_unref(message) }
            var slot: OpaquePointer? = nil
            let micros = UInt64(max(1, call.timeout.components.seconds * 1_000_000 + call.timeout.components.attoseconds / 1_000_000_000_000))
            let r = sd_bus_call_async(bus, &slot, message, replyHandler, Unmanaged.passUnretained(pending).toOpaque(), micros)
            guard r >= 0 else { throw DBusError(.io, "cannot send \(call.member) to \(call.destination ?? "the bus"): \(errnoText(-r))") }
            pending.slot = slot
            pending.loop = self
            pending.member = "\(call.destination ?? "the bus") \(call.member)"
            calls[ObjectIdentifier(pending)] = pending
        } catch {
            pending.resume(.failure(error))
        }
    }

    /// Forgets a call whose caller went away (cancelled): its reply, if any, is dropped.
    func dropCall(_ pending: PendingCall) {
        guard calls.removeValue(forKey: ObjectIdentifier(pending)) != nil else { return }
        dropSlot(pending)
    }

    func finishCall(_ pending: PendingCall, reply: OpaquePointer) {
        calls.removeValue(forKey: ObjectIdentifier(pending))
        let member = pending.member
        dropSlot(pending)
        if sd_bus_message_is_method_error(reply, nil) > 0, let error = sd_bus_message_get_error(reply) {
            let name = error.pointee.name.map { String(cString: $0) }
            let text = error.pointee.message.map { String(cString: $0) } ?? "no message"
            pending.resume(.failure(DBusError(.remote, "\(member) failed: \(text)", remoteName: name)))
            return
        }
        pending.resume(Result { () throws(DBusError) in try MessageReader.readAll(reply) }.mapError { $0 })
    }

    func addMatch(_ rule: String, _ subscription: Subscription, _ installed: CheckedContinuation<Void, any Error>) {
        var slot: OpaquePointer? = nil
        let r = sd_bus_add_match_async(
            bus, &slot, rule, signalHandler, matchInstalledHandler, Unmanaged.passUnretained(subscription).toOpaque())
        guard r >= 0 else {
            installed.resume(throwing: DBusError(.io, "cannot ask the \(description) for signals matching \(rule): \(errnoText(-r))"))
            return
        }
        subscription.slot = slot
        subscription.loop = self
        subscription.installed = installed
        subscriptions[ObjectIdentifier(subscription)] = subscription
    }

    func removeMatch(_ subscription: Subscription, error: DBusError? = nil) {
        guard subscriptions.removeValue(forKey: ObjectIdentifier(subscription)) != nil else { return }
        if let installed = subscription.installed {
            subscription.installed = nil
            installed.resume(throwing: error ?? closedError)
        }
        subscription.continuation.finish()
        subscription.slot = sd_bus_slot_unref(subscription.slot)
        subscription.loop = nil
    }

    func emit(_ signal: DBusSignal, to destination: String? = nil) throws(DBusError) {
        var message: OpaquePointer? = nil
        var r = sd_bus_message_new_signal(bus, &message, signal.path, signal.interface, signal.member)
        guard r >= 0, let message else {
            throw DBusError(.invalidArgument, "cannot make the signal \(signal.interface).\(signal.member) on \(signal.path): \(errnoText(-r))")
        }
        defer { sd_bus_message_unref(message) }
        if let destination {
            r = sd_bus_message_set_destination(message, destination)
            guard r >= 0 else { throw DBusError(.invalidArgument, "cannot address the signal \(signal.member) to \(destination): \(errnoText(-r))") }
        }
        try MessageWriter.append(signal.arguments, to: message)
        r = sd_bus_send(bus, message, nil)
        guard r >= 0 else { throw DBusError(.io, "cannot send the signal \(signal.member): \(errnoText(-r))") }
    }

    private func newMethodCall(_ call: DBusMethodCall) throws(DBusError) -> OpaquePointer {
        var message: OpaquePointer? = nil
        let r = sd_bus_message_new_method_call(bus, &message, call.destination, call.path, call.interface, call.member)
        guard r >= 0, let message else {
            throw DBusError(.invalidArgument, "cannot make the call \(call.member) on \(call.path): \(errnoText(-r))")
        }
        do throws(DBusError) {
            try MessageWriter.append(call.arguments, to: message)
        } catch {
            sd_bus_message_unref(message)
            throw error
        }
        return message
    }
}

private let replyHandler: sd_bus_message_handler_t = { message, userdata, _ in
    let pending = Unmanaged<PendingCall>.fromOpaque(userdata!).takeUnretainedValue()
    if let loop = pending.loop, let message { loop.finishCall(pending, reply: message) }
    return 0
}

private let matchInstalledHandler: sd_bus_message_handler_t = { message, userdata, _ in
    let subscription = Unmanaged<Subscription>.fromOpaque(userdata!).takeUnretainedValue()
    guard let loop = subscription.loop, let message else { return 0 }
    if sd_bus_message_is_method_error(message, nil) > 0 {
        let text = sd_bus_message_get_error(message)?.pointee.message.map { String(cString: $0) } ?? "refused"
        loop.removeMatch(subscription, error: DBusError(.remote, "the \(loop.description) refused a signal match: \(text)"))
    } else if let installed = subscription.installed {
        subscription.installed = nil
        installed.resume()
    }
    return 0
}

private let signalHandler: sd_bus_message_handler_t = { message, userdata, _ in
    let subscription = Unmanaged<Subscription>.fromOpaque(userdata!).takeUnretainedValue()
    guard let message, let arguments = try? MessageReader.readAll(message) else { return 0 }
    let text = { (p: UnsafePointer<CChar>?) in p.map { String(cString: $0) } }
    let signal = DBusSignal(
        sender: text(sd_bus_message_get_sender(message)),
        path: text(sd_bus_message_get_path(message)) ?? "",
        interface: text(sd_bus_message_get_interface(message)) ?? "",
        member: text(sd_bus_message_get_member(message)) ?? "",
        arguments: arguments)
    if let tracked = subscription.tracking {
        tracked.heard(signal)
    } else if subscription.owner?.sent(signal) ?? true {
        subscription.continuation.yield(signal)
    }
    return 0
}
