/**
 * Paint first, then hydrate. React Router's page script and the module preloads it puts in the
 * head would start fetching and running the app's modules while the browser is still preparing
 * its first frame; on a slow phone the visitor then looks at a blank screen until ~100 KB of
 * JavaScript has arrived, although the server already sent the whole page. The server renames
 * both (see paint-first.server.ts) so the browser ignores them, and this script, rendered right
 * after them, gives them their real types back once the first frame is on screen.
 */

/** The type the server gives React Router's module script so that it does not run yet. */
export const HELD_SCRIPT_TYPE = 'x-yado-held-module';
/** The rel the server gives the module preloads so that they do not fetch yet. */
export const HELD_PRELOAD_REL = 'x-yado-held-modulepreload';

/**
 * Runs inline, once, at the end of the body. It waits for the browser's own first-contentful-paint
 * entry (emitted once that frame is on screen); where paint timing is missing, for two animation
 * frames (the first callback runs before its frame is painted). The timeout starts the app anyway
 * when no paint comes soon (a tab opened in the background, a page with nothing to paint).
 */
export const START_AFTER_FIRST_PAINT = `(function(){var s=0;function go(){if(s)return;s=1;var h=document.head;document.querySelectorAll('link[rel="${HELD_PRELOAD_REL}"]').forEach(function(l){var p=document.createElement('link');p.rel='modulepreload';p.href=l.getAttribute('href');if(l.nonce)p.nonce=l.nonce;if(l.hasAttribute('crossorigin'))p.setAttribute('crossorigin',l.getAttribute('crossorigin'));if(l.hasAttribute('integrity'))p.setAttribute('integrity',l.getAttribute('integrity'));h.appendChild(p)});var m=document.querySelector('script[type="${HELD_SCRIPT_TYPE}"]');if(!m)return;var e=document.createElement('script');e.type='module';if(m.nonce)e.nonce=m.nonce;e.textContent=m.textContent;document.body.appendChild(e)}function painted(){return performance.getEntriesByName('first-contentful-paint').length>0}var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0){if(painted())setTimeout(go,0);else new P(function(l,o){if(painted()){o.disconnect();setTimeout(go,0)}}).observe({type:'paint',buffered:true})}else requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})});setTimeout(go,1000)})()`;
