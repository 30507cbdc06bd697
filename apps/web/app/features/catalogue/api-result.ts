import { data } from 'react-router';
import type { ApiAnswer } from '../../lib/load-context';

/**
 * The body of a public page's API answer, or the thrown response the route's
 * error page shows: an unknown id is the 404 page (not an error), anything
 * else keeps the API's status.
 */
export function okBody<O>(result: ApiAnswer<O>): O {
  if (result.ok) return result.body;
  if (result.status === 404 || result.status === 400) throw data(null, { status: 404 });
  throw data(result.body, { status: result.status });
}
