/**
 * Markdown as the web server rendered it (lib/safe-markdown.server.ts): raw HTML escaped, only web and
 * mail links, no pictures or inline styles, so it is set as HTML as it is.
 */
export function MarkdownContent({ html, className }: { html: string; className?: string }) {
  return (
    <div
      className={className ? `markdown-content ${className}` : 'markdown-content'}
      data-testid="markdown-content"
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
