import type { Language } from '@yado/contract/headers';
import { AppError } from '../../platform/app-error.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { recordAudit } from '../audit/audit.service.js';
import * as repo from './stay-style.repo.js';

/*
 * Stay styles made real (docs/decisions/0043-questionnaires-and-stay-styles.md): a booking carries
 * the style its guest chose among its house group's, and each group's styles suggest meals and
 * extra options, which the booking form shows first.
 */

type DbDeps = Pick<Deps, 'db'>;

/** list_stay_style_suggestions. */
export async function listSuggestions(deps: DbDeps, language: Language, houseGroupId: string) {
  if (!(await repo.houseGroupExists(deps.db, houseGroupId))) {
    throw new AppError('CodeNotFound', { fields: [{ field: 'houseGroupId', description: 'no such id' }] });
  }
  return { suggestions: await repo.suggestionsOf(deps.db, language, houseGroupId) };
}

async function checkItems(
  tx: Db,
  table: 'meals' | 'extra_options',
  field: string,
  houseGroupId: string,
  ids: readonly string[],
): Promise<string[]> {
  const unique = [...new Set(ids)];
  const own = await repo.itemsOfGroup(tx, table, houseGroupId, unique);
  const stranger = unique.findIndex((id) => !own.has(id));
  if (stranger >= 0) {
    throw new AppError('CodeInvalidArgument', {
      fields: [{ field: `${field}.${ids.indexOf(unique[stranger]!)}`, description: 'not of this house group' }],
    });
  }
  return unique;
}

/** staff_set_stay_style_suggestions. */
export async function setSuggestions(
  deps: Deps,
  actor: string,
  language: Language,
  input: { houseGroupId: string; stayStyleId: string; mealIds: string[]; extraOptionIds: string[] },
) {
  const now = deps.clock.now();
  await withTx(deps.db, async (tx) => {
    if (!(await repo.houseGroupExists(tx, input.houseGroupId))) {
      throw new AppError('CodeNotFound', { fields: [{ field: 'houseGroupId', description: 'no such id' }] });
    }
    if (!(await repo.offersStyle(tx, input.houseGroupId, input.stayStyleId))) {
      throw new AppError('CodeStayStyleNotOffered');
    }
    const write = {
      houseGroupId: input.houseGroupId,
      stayStyleId: input.stayStyleId,
      mealIds: await checkItems(tx, 'meals', 'mealIds', input.houseGroupId, input.mealIds),
      extraOptionIds: await checkItems(tx, 'extra_options', 'extraOptionIds', input.houseGroupId, input.extraOptionIds),
    };
    await repo.upsertSuggestion(tx, write, actor, now);
    await recordAudit(tx, {
      actor,
      action: 'stay-style-suggestion.set',
      entity: 'stay_style_suggestion',
      entityId: `${input.houseGroupId}:${input.stayStyleId}`,
      after: write,
      at: now,
    });
  });
  const [suggestion] = await repo.suggestionsOf(deps.db, language, input.houseGroupId, input.stayStyleId);
  return { suggestion: suggestion! };
}

/**
 * Writes the stay style a guest chose onto a booking being created, in its transaction (the booking
 * module calls it); a style the house group does not offer refuses the whole booking.
 */
export async function setBookingStayStyle(
  tx: Db,
  booking: { bookingId: string; houseGroupId: string; stayStyleId: string },
): Promise<void> {
  if (!(await repo.offersStyle(tx, booking.houseGroupId, booking.stayStyleId))) {
    throw new AppError('CodeStayStyleNotOffered', { fields: [{ field: 'stayStyleId', description: 'not offered' }] });
  }
  await repo.setBookingStayStyle(tx, booking.bookingId, booking.stayStyleId);
}

/** The stay style of a booking, named in the reader's language; null without one. */
export function bookingStayStyle(db: Db, language: Language, bookingId: string) {
  return repo.bookingStayStyle(db, language, bookingId);
}
