import { randomBytes, randomUUID } from 'node:crypto';
import { dateTimeFromDate } from '@yado/contract/date-time';
import type {
  staffAttachCatalogueImage,
  staffCreateHouseGroup,
  staffCreatePlace,
  staffDetachCatalogueImage,
  StaffHouse,
  StaffHouseGroup,
  staffListAuditEntries,
  StaffPlace,
  staffSetSeasonCalendar,
  staffUpdateHouseGroup,
  staffUpdatePlace,
} from '@yado/contract/staff-catalogue.contract';
import { CATALOGUE_LIMITS } from '@yado/contract/catalogue.contract';
import type { CivilDate } from '@yado/contract/common.schema';
import type { z } from 'zod';
import { AppError } from '../../platform/app-error.js';
import { withTx, type Db } from '../../platform/db/pool.js';
import type { Deps } from '../../platform/deps.js';
import { actorEmails, auditTrail, recordAudit } from '../audit/audit.service.js';
import {
  civilFromIso,
  daysBetween,
  realIsoFromCivil,
  todayIn,
  utcOffsetIn,
  type IsoDate,
} from '@yado/contract/civil-date';
import { catalogueImageDefaultUrl, catalogueImageExists } from '../media/catalogue-image.service.js';
import * as repo from './staff-catalogue.repo.js';
import type { HouseGroupRecord, HouseGroupWrite, HouseRecord, PlaceRecord } from './staff-catalogue.repo.js';
import * as rules from './staff-catalogue.rules.js';

type In<M extends { input: z.ZodType }> = z.output<M['input']>;

const notFound = (field: string) => new AppError('CodeNotFound', { fields: [{ field, description: 'no such id' }] });
const invalid = (field: string, description: string) =>
  new AppError('CodeInvalidArgument', { fields: [{ field, description }] });

/** Staff-chosen ids are slugs; generated ones are a readable prefix and random hex. */
const newId = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}`;

async function audit(
  tx: Db,
  e: {
    accountId: string;
    action: string;
    entity: string;
    entityId: string;
    before?: unknown;
    after?: unknown;
    at: Date;
  },
): Promise<void> {
  await recordAudit(tx, {
    actor: `account:${e.accountId}`,
    action: e.action,
    entity: e.entity,
    entityId: e.entityId,
    before: e.before ?? null,
    after: e.after ?? null,
    at: e.at,
  });
}

function isoDate(d: CivilDate, field: string): IsoDate {
  const iso = realIsoFromCivil(d);
  if (!iso) throw invalid(field, 'not a calendar date');
  return iso;
}

function offsetOf(token: string): number {
  if (token === '') return 0;
  const n = Number(token);
  if (!Number.isSafeInteger(n) || n < 0) throw invalid('pageToken', 'not a page token');
  return n;
}

/** LIKE's own wildcards in a search text are escaped, so the text is matched as typed. */
const likeText = (q: string) => q.replace(/[\\%_]/g, '\\$&');

// Places ---------------------------------------------------------------------------------

function toPlaceView(p: PlaceRecord): StaffPlace {
  return { ...p, createdAt: dateTimeFromDate(p.createdAt), updatedAt: dateTimeFromDate(p.updatedAt) };
}

/** What the audit keeps of a place: its fields, not its timestamps or counts. */
function placeAudit(p: PlaceRecord) {
  const { createdAt: _c, updatedAt: _u, houseGroupCount: _n, ...rest } = p;
  return rest;
}

async function requirePlace(db: Db, id: string, lock = false): Promise<PlaceRecord> {
  const p = await repo.findPlace(db, id, { lock });
  if (!p) throw notFound('placeId');
  return p;
}

export async function createPlace(
  deps: Deps,
  accountId: string,
  input: In<typeof staffCreatePlace>,
): Promise<StaffPlace> {
  return withTx(deps.db, async (tx) => {
    const now = deps.clock.now();
    const { id: chosen, ...fields } = input;
    const id = chosen ?? newId('place');
    if (!(await repo.insertPlace(tx, { id, ...fields, audiences: [...new Set(fields.audiences)] }, now))) {
      throw new AppError('CodeCatalogueIdTaken', { fields: [{ field: 'id', description: 'taken' }] });
    }
    const after = await requirePlace(tx, id);
    await audit(tx, {
      accountId,
      action: 'place.create',
      entity: 'place',
      entityId: id,
      after: placeAudit(after),
      at: now,
    });
    return toPlaceView(after);
  });
}

export async function updatePlace(
  deps: Deps,
  accountId: string,
  input: In<typeof staffUpdatePlace>,
): Promise<StaffPlace> {
  return withTx(deps.db, async (tx) => {
    const now = deps.clock.now();
    const before = await requirePlace(tx, input.placeId, true);
    const { placeId, ...fields } = input;
    await repo.updatePlace(tx, { id: placeId, ...fields, audiences: [...new Set(fields.audiences)] }, now);
    const after = await requirePlace(tx, placeId);
    await audit(tx, {
      accountId,
      action: 'place.update',
      entity: 'place',
      entityId: placeId,
      before: placeAudit(before),
      after: placeAudit(after),
      at: now,
    });
    return toPlaceView(after);
  });
}

export async function getPlace(deps: Deps, placeId: string): Promise<StaffPlace> {
  return toPlaceView(await requirePlace(deps.db, placeId));
}

export async function listPlaces(
  deps: Deps,
  input: { pageSize: number; pageToken: string; query: string },
): Promise<{ places: StaffPlace[]; nextPageToken: string }> {
  const offset = offsetOf(input.pageToken);
  const rows = await repo.listPlaces(deps.db, { query: likeText(input.query), limit: input.pageSize + 1, offset });
  return {
    places: rows.slice(0, input.pageSize).map(toPlaceView),
    nextPageToken: rows.length > input.pageSize ? String(offset + input.pageSize) : '',
  };
}

// House groups ------------------------------------------------------------------------------

function toHouseView(h: HouseRecord): StaffHouse {
  return { ...h };
}

function toHouseGroupView(h: HouseGroupRecord, houses: HouseRecord[]): StaffHouseGroup {
  return {
    ...h,
    unlockOperationType: h.unlockOperationType as StaffHouseGroup['unlockOperationType'],
    type: h.type as StaffHouseGroup['type'],
    usageLabel: h.usageLabel as StaffHouseGroup['usageLabel'],
    availableBookingTypes: h.availableBookingTypes as StaffHouseGroup['availableBookingTypes'],
    houses: houses.map(toHouseView),
    createdAt: dateTimeFromDate(h.createdAt),
    updatedAt: dateTimeFromDate(h.updatedAt),
  };
}

function houseGroupAudit(h: HouseGroupRecord) {
  const { createdAt: _c, updatedAt: _u, ...rest } = h;
  return rest;
}

async function requireHouseGroup(db: Db, id: string, lock = false): Promise<HouseGroupRecord> {
  const h = await repo.findHouseGroup(db, id, { lock });
  if (!h) throw notFound('houseGroupId');
  return h;
}

async function houseGroupView(db: Db, id: string): Promise<StaffHouseGroup> {
  const h = await requireHouseGroup(db, id);
  return toHouseGroupView(h, await repo.housesOf(db, [id]));
}

type HouseGroupFields = Omit<In<typeof staffUpdateHouseGroup>, 'houseGroupId'>;

async function toHouseGroupWrite(db: Db, id: string, f: HouseGroupFields, now: Date): Promise<HouseGroupWrite> {
  const issues = rules.houseGroupIssues(f);
  if (!(await repo.findPlace(db, f.placeId))) issues.push({ field: 'placeId', description: 'no such place' });
  const unknownStyles = await repo.unknownStayStyles(db, f.stayStyleIds);
  if (unknownStyles.length)
    issues.push({ field: 'stayStyleIds', description: `no such stay style: ${unknownStyles.join(', ')}` });
  if (issues.length) throw new AppError('CodeInvalidArgument', { fields: issues });
  const { stayStyleIds: _styles, ...rest } = f;
  return {
    ...rest,
    id,
    availableBookingTypes: [...new Set(f.availableBookingTypes)],
    // The offset shown with the house group follows from its zone; it is kept current on every save.
    utcOffset: utcOffsetIn(f.timezone, now) ?? '+00:00',
  };
}

export async function createHouseGroup(
  deps: Deps,
  accountId: string,
  input: In<typeof staffCreateHouseGroup>,
): Promise<StaffHouseGroup> {
  return withTx(deps.db, async (tx) => {
    const now = deps.clock.now();
    const { id: chosen, ...fields } = input;
    const id = chosen ?? newId('hg');
    const write = await toHouseGroupWrite(tx, id, fields, now);
    if (!(await repo.insertHouseGroup(tx, write, now))) {
      throw new AppError('CodeCatalogueIdTaken', { fields: [{ field: 'id', description: 'taken' }] });
    }
    await repo.replaceStayStyles(tx, id, fields.stayStyleIds);
    const after = await requireHouseGroup(tx, id);
    await audit(tx, {
      accountId,
      action: 'house-group.create',
      entity: 'house_group',
      entityId: id,
      after: houseGroupAudit(after),
      at: now,
    });
    return toHouseGroupView(after, []);
  });
}

export async function updateHouseGroup(
  deps: Deps,
  accountId: string,
  input: In<typeof staffUpdateHouseGroup>,
): Promise<StaffHouseGroup> {
  return withTx(deps.db, async (tx) => {
    const now = deps.clock.now();
    const { houseGroupId, ...fields } = input;
    const before = await requireHouseGroup(tx, houseGroupId, true);
    const write = await toHouseGroupWrite(tx, houseGroupId, fields, now);
    await repo.updateHouseGroup(tx, write, now);
    await repo.replaceStayStyles(tx, houseGroupId, fields.stayStyleIds);
    const after = await requireHouseGroup(tx, houseGroupId);
    await audit(tx, {
      accountId,
      action: 'house-group.update',
      entity: 'house_group',
      entityId: houseGroupId,
      before: houseGroupAudit(before),
      after: houseGroupAudit(after),
      at: now,
    });
    return toHouseGroupView(after, await repo.housesOf(tx, [houseGroupId]));
  });
}

export async function getHouseGroup(deps: Deps, houseGroupId: string): Promise<StaffHouseGroup> {
  return houseGroupView(deps.db, houseGroupId);
}

export async function listHouseGroups(
  deps: Deps,
  input: { pageSize: number; pageToken: string; placeId?: string | undefined; query: string },
): Promise<{ houseGroups: StaffHouseGroup[]; nextPageToken: string }> {
  const offset = offsetOf(input.pageToken);
  const rows = await repo.listHouseGroups(deps.db, {
    placeId: input.placeId ?? null,
    query: likeText(input.query),
    limit: input.pageSize + 1,
    offset,
  });
  const page = rows.slice(0, input.pageSize);
  const houses = await repo.housesOf(
    deps.db,
    page.map((h) => h.id),
  );
  return {
    houseGroups: page.map((h) =>
      toHouseGroupView(
        h,
        houses.filter((x) => x.houseGroupId === h.id),
      ),
    ),
    nextPageToken: rows.length > input.pageSize ? String(offset + input.pageSize) : '',
  };
}

// Houses ----------------------------------------------------------------------------------------

async function requireHouse(db: Db, id: string, lock = false): Promise<HouseRecord> {
  const h = await repo.findHouse(db, id, { lock });
  if (!h) throw notFound('houseId');
  return h;
}

export async function createHouse(
  deps: Deps,
  accountId: string,
  input: { houseGroupId: string; id?: string | undefined; nameEn: string; nameJa: string; floor: number },
): Promise<StaffHouse> {
  return withTx(deps.db, async (tx) => {
    const now = deps.clock.now();
    // Locking the house group orders this change with the group's other edits (and its version).
    await requireHouseGroup(tx, input.houseGroupId, true);
    const house = {
      id: input.id ?? newId('house'),
      houseGroupId: input.houseGroupId,
      nameEn: input.nameEn,
      nameJa: input.nameJa,
      floor: input.floor,
    };
    if (!(await repo.insertHouse(tx, house, now))) {
      throw new AppError('CodeCatalogueIdTaken', { fields: [{ field: 'id', description: 'taken' }] });
    }
    await repo.bumpHouseGroupVersion(tx, input.houseGroupId, now);
    const after = await requireHouse(tx, house.id);
    await audit(tx, { accountId, action: 'house.create', entity: 'house', entityId: house.id, after, at: now });
    return toHouseView(after);
  });
}

export async function updateHouse(
  deps: Deps,
  accountId: string,
  input: { houseId: string; nameEn: string; nameJa: string; floor: number },
): Promise<StaffHouse> {
  return withTx(deps.db, async (tx) => {
    const now = deps.clock.now();
    const before = await requireHouse(tx, input.houseId, true);
    await repo.updateHouse(tx, { id: input.houseId, nameEn: input.nameEn, nameJa: input.nameJa, floor: input.floor });
    await repo.bumpHouseGroupVersion(tx, before.houseGroupId, now);
    const after = await requireHouse(tx, input.houseId);
    await audit(tx, {
      accountId,
      action: 'house.update',
      entity: 'house',
      entityId: input.houseId,
      before,
      after,
      at: now,
    });
    return toHouseView(after);
  });
}

/**
 * Removes a house. One with stays from today on cannot go: guests hold those
 * nights. One with only past stays is retired, so the history keeps its
 * house; one that never had a stay is erased.
 */
export async function deleteHouse(
  deps: Deps,
  accountId: string,
  houseId: string,
): Promise<{ houseId: string; outcome: 'DELETED' | 'RETIRED' }> {
  return withTx(deps.db, async (tx) => {
    const now = deps.clock.now();
    const before = await requireHouse(tx, houseId, true);
    if (before.retired) return { houseId, outcome: 'RETIRED' as const };
    const group = await requireHouseGroup(tx, before.houseGroupId, true);
    const today = todayIn(group.timezone, now);
    const stays = await repo.houseStays(tx, houseId, today);
    if (stays.future > 0) throw new AppError('CodeHouseHasFutureStays');
    const outcome = stays.any > 0 ? ('RETIRED' as const) : ('DELETED' as const);
    if (outcome === 'DELETED') await repo.deleteHouse(tx, houseId);
    else await repo.retireHouse(tx, { id: houseId, houseGroupId: group.id, stayId: randomUUID(), today, now });
    await repo.bumpHouseGroupVersion(tx, group.id, now);
    await audit(tx, {
      accountId,
      action: outcome === 'DELETED' ? 'house.delete' : 'house.retire',
      entity: 'house',
      entityId: houseId,
      before,
      after: outcome === 'DELETED' ? null : { ...before, retired: true },
      at: now,
    });
    return { houseId, outcome };
  });
}

// Images --------------------------------------------------------------------------------------------

type ImagesOf = z.input<(typeof staffAttachCatalogueImage)['output']>;
type ImageSlot = In<typeof staffAttachCatalogueImage>['slot'];

type Images = {
  verticalImageUrl: string;
  horizontalImageUrl: string;
  squareImageUrl: string;
  carouselImageUrls: string[];
};

async function loadImages(tx: Db, targetType: 'PLACE' | 'HOUSE_GROUP', targetId: string): Promise<Images> {
  if (targetType === 'PLACE') {
    const p = await repo.findPlace(tx, targetId, { lock: true });
    if (!p) throw notFound('targetId');
    return {
      verticalImageUrl: p.verticalImageUrl,
      horizontalImageUrl: p.horizontalImageUrl,
      squareImageUrl: '',
      carouselImageUrls: [],
    };
  }
  const h = await repo.findHouseGroup(tx, targetId, { lock: true });
  if (!h) throw notFound('targetId');
  return {
    verticalImageUrl: h.verticalImageUrl,
    horizontalImageUrl: h.horizontalImageUrl,
    squareImageUrl: h.squareImageUrl,
    carouselImageUrls: h.carouselImageUrls,
  };
}

const SLOT_FIELD = {
  VERTICAL: 'verticalImageUrl',
  HORIZONTAL: 'horizontalImageUrl',
  SQUARE: 'squareImageUrl',
} as const;

async function changeImages(
  deps: Deps,
  accountId: string,
  target: { targetType: 'PLACE' | 'HOUSE_GROUP'; targetId: string; slot: ImageSlot },
  action: string,
  change: (images: Images) => Images,
): Promise<ImagesOf> {
  if (target.targetType === 'PLACE' && (target.slot === 'SQUARE' || target.slot === 'CAROUSEL')) {
    throw invalid('slot', 'a place has a vertical and a horizontal image only');
  }
  return withTx(deps.db, async (tx) => {
    const now = deps.clock.now();
    const before = await loadImages(tx, target.targetType, target.targetId);
    const after = change(before);
    if (target.targetType === 'PLACE') await repo.setPlaceImages(tx, target.targetId, after, now);
    else await repo.setHouseGroupImages(tx, target.targetId, after, now);
    const entity = target.targetType === 'PLACE' ? 'place' : 'house_group';
    const shown = (i: Images) =>
      target.targetType === 'PLACE'
        ? { verticalImageUrl: i.verticalImageUrl, horizontalImageUrl: i.horizontalImageUrl }
        : i;
    await audit(tx, {
      accountId,
      action,
      entity,
      entityId: target.targetId,
      before: shown(before),
      after: shown(after),
      at: now,
    });
    return { targetType: target.targetType, targetId: target.targetId, ...after };
  });
}

export async function attachImage(
  deps: Deps,
  accountId: string,
  input: In<typeof staffAttachCatalogueImage>,
): Promise<ImagesOf> {
  if (!(await catalogueImageExists(deps, input.imageId))) throw invalid('imageId', 'no such uploaded image');
  const url = catalogueImageDefaultUrl(input.imageId);
  return changeImages(deps, accountId, input, 'image.attach', (images) => {
    if (input.slot !== 'CAROUSEL') return { ...images, [SLOT_FIELD[input.slot]]: url };
    const carousel = images.carouselImageUrls.filter((u) => u !== url);
    if (carousel.length >= 50) throw invalid('position', 'a carousel holds at most 50 images');
    carousel.splice(Math.min(input.position ?? carousel.length, carousel.length), 0, url);
    return { ...images, carouselImageUrls: carousel };
  });
}

export async function detachImage(
  deps: Deps,
  accountId: string,
  input: In<typeof staffDetachCatalogueImage>,
): Promise<ImagesOf> {
  return changeImages(deps, accountId, input, 'image.detach', (images) => {
    if (input.slot !== 'CAROUSEL') return { ...images, [SLOT_FIELD[input.slot]]: '' };
    if (input.position === undefined || input.position >= images.carouselImageUrls.length) {
      throw invalid('position', 'no carousel image at this position');
    }
    return { ...images, carouselImageUrls: images.carouselImageUrls.filter((_, i) => i !== input.position) };
  });
}

// Season calendar ---------------------------------------------------------------------------------------

const dayAudit = (days: ReadonlyMap<IsoDate, rules.SeasonDayValue>) =>
  [...days].sort(([a], [b]) => (a < b ? -1 : 1)).map(([date, v]) => ({ date, ...v }));

/**
 * Applies every change of one request in one transaction, under a lock on the
 * house group, so two staff editing the same calendar never interleave.
 */
export async function setSeasonCalendar(
  deps: Deps,
  accountId: string,
  input: In<typeof staffSetSeasonCalendar>,
): Promise<{ houseGroupId: string; daysChanged: number; version: number }> {
  const changes: rules.SeasonChange[] = input.changes.map((c, i) => ({
    from: isoDate(c.from, `changes.${i}.from`),
    to: isoDate(c.to, `changes.${i}.to`),
    ...(c.priceType !== undefined && { priceType: c.priceType }),
    ...(c.standardPrice !== undefined && { standardPrice: c.standardPrice }),
    ...(c.highPrice !== undefined && { highPrice: c.highPrice }),
    ...(c.closed !== undefined && { closed: c.closed }),
  }));
  return withTx(deps.db, async (tx) => {
    const now = deps.clock.now();
    const group = await requireHouseGroup(tx, input.houseGroupId, true);
    rules.checkCalendarChanges(changes, todayIn(group.timezone, now));
    const from = changes.reduce((m, c) => (c.from < m ? c.from : m), changes[0]!.from);
    const to = changes.reduce((m, c) => (c.to > m ? c.to : m), changes[0]!.to);
    const existing = await repo.seasonDays(tx, group.id, from, to);
    const changed = rules.applySeasonChanges(existing, changes, group.standardSeasonPrice);
    let version = group.version;
    if (changed.size) {
      await repo.upsertSeasonDays(tx, group.id, changed);
      version = await repo.bumpHouseGroupVersion(tx, group.id, now);
      const before = new Map(
        [...changed.keys()].flatMap((d) => (existing.has(d) ? [[d, existing.get(d)!] as const] : [])),
      );
      await audit(tx, {
        accountId,
        action: 'calendar.set',
        entity: 'house_group_calendar',
        entityId: group.id,
        before: { days: dayAudit(before) },
        after: { changes, days: dayAudit(changed) },
        at: now,
      });
    }
    return { houseGroupId: group.id, daysChanged: changed.size, version };
  });
}

export async function getSeasonCalendar(
  deps: Deps,
  input: { houseGroupId: string; from: CivilDate; to: CivilDate },
): Promise<{
  houseGroupId: string;
  days: {
    date: CivilDate;
    priceType: 'STANDARD' | 'HIGH';
    closed: boolean;
    standardPrice: number;
    highPrice: number;
  }[];
}> {
  const from = isoDate(input.from, 'from');
  const to = isoDate(input.to, 'to');
  if (to < from) throw invalid('to', 'before from');
  if (daysBetween(from, to) >= CATALOGUE_LIMITS.maxSeasonDays) {
    throw invalid('to', `at most ${CATALOGUE_LIMITS.maxSeasonDays} days`);
  }
  await requireHouseGroup(deps.db, input.houseGroupId);
  const days = await repo.seasonDays(deps.db, input.houseGroupId, from, to);
  return {
    houseGroupId: input.houseGroupId,
    days: [...days].map(([date, v]) => ({ date: civilFromIso(date), ...v })),
  };
}

// Audit ---------------------------------------------------------------------------------------------------

export async function listAuditEntries(
  deps: Deps,
  input: In<typeof staffListAuditEntries>,
): Promise<z.input<(typeof staffListAuditEntries)['output']>> {
  const entries = await auditTrail(deps.db, input.entity, input.entityId);
  const emails = await actorEmails(
    deps,
    entries.map((e) => e.actor),
  );
  return {
    entries: entries.map((e) => ({
      actor: e.actor,
      actorEmail: emails.get(e.actor) ?? '',
      action: e.action,
      at: dateTimeFromDate(e.at),
      before: e.before,
      after: e.after,
    })),
  };
}
