/**
 * The fixed mount point of the chat with the host (spec, section 2). The chat
 * widget attaches itself to this element; pages where the route policy turns
 * chat off do not render it at all.
 */
export function ChatContainer() {
  return <div id="chat-container" className="chat-container" />;
}
