import Markdown, { type MarkdownIt } from 'markdown-it';

/*
 * Text the operator writes in Markdown (the questions put to owners) is shown as HTML. Rendering happens on
 * the web server, so no Markdown parser travels to the browser, and what reaches the page is safe by
 * construction rather than cleaned afterwards:
 * - raw HTML in the text is escaped, never passed through (`html: false`);
 * - links keep only http, https and mailto addresses (anything else, `javascript:` included, stays
 *   text) and open in a new tab without the opener or a referrer;
 * - images are not rendered (the strict content security policy, decision 0019, would block another
 *   site's picture anyway), nor any inline style (table alignment), which the policy forbids too.
 */

const SAFE_LINK = /^(https?:|mailto:)/i;

function createRenderer(): MarkdownIt {
  const md = new Markdown({ html: false, linkify: true, typographer: false, breaks: true });
  md.disable(['image']);
  md.validateLink = (url) => SAFE_LINK.test(url.trim());
  // Linkify finds bare addresses; it may only make links the same rule allows.
  md.linkify.set({ fuzzyEmail: false, fuzzyLink: false });
  md.core.ruler.push('consent_safe_attributes', (state) => {
    for (const block of state.tokens) {
      for (const token of [block, ...(block.children ?? [])]) {
        if (token.attrGet('style') !== null) token.attrs = (token.attrs ?? []).filter(([name]) => name !== 'style');
        if (token.type === 'link_open') {
          token.attrSet('target', '_blank');
          token.attrSet('rel', 'noopener noreferrer nofollow');
        }
      }
    }
  });
  return md;
}

let renderer: MarkdownIt | null = null;

/** Markdown as HTML safe to put in the page. */
export function renderSafeMarkdown(markdown: string): string {
  renderer ??= createRenderer();
  return renderer.render(markdown);
}
