/// The receiver's limits; every refusal they cause names the limit.
public struct TransferLimits: Sendable, Equatable {
    /// Files per offer. Default 100,000.
    public var maximumFiles = 100_000
    /// Bytes per offer. Default 256 GiB.
    public var maximumOfferBytes: UInt64 = 256 << 30
    /// Free space that must remain after an offer is stored. Default 256 MiB.
    public var reserveBytes: UInt64 = 256 << 20
    /// The largest offer body (the JSON list of files). Default 16 MiB.
    public var maximumOfferBody = 16 << 20
    /// Seconds an offer may wait for the user before it is declined. Default 120.
    public var pendingSeconds: Double = 120
    /// Seconds partial data of an interrupted transfer is kept for a resume. Default 24 hours.
    public var partialKeepSeconds: Double = 24 * 3600
    /// Offers one peer may have open at once. Default 4.
    public var offersPerPeer = 4
    /// Offers open at once from every peer together. Default 32: a peer can mint new certificates
    /// for free, so the per-peer cap alone does not bound what strangers hold.
    public var openOffers = 32
    /// Offers waiting for the user at once, from every peer together. Default 8.
    public var pendingOffers = 8
    /// Offers waiting for the user at once from one address (IPv6: one /64). Default 2: throwaway
    /// fingerprints from one host cannot take every pending slot and refuse the real sender.
    public var pendingPerAddress = 2

    public init() {}
}
