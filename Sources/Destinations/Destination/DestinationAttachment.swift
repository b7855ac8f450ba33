/// What a ``DestinationContext`` knows while its Destination is attached, written once when the
/// flow attaches it and once when the flow detaches it. Not generic, so that the code attaching
/// a Destination of any type builds it without asking for metadata.
struct DestinationAttachment {
    let id: ElementID
    /// The Destination the context belongs to.
    let destination: AnyObject
    var isVisible = false
}
