import {
  staffAttachCatalogueImage,
  staffCreateHouse,
  staffCreateHouseGroup,
  staffCreatePlace,
  staffDeleteHouse,
  staffDetachCatalogueImage,
  staffGetHouseGroup,
  staffGetPlace,
  staffGetSeasonCalendar,
  staffListAuditEntries,
  staffListHouseGroups,
  staffListPlaces,
  staffSetSeasonCalendar,
  staffUpdateHouse,
  staffUpdateHouseGroup,
  staffUpdatePlace,
  staffUploadCatalogueImage,
} from '@yado/contract/staff-catalogue.contract';
import { requirePrincipal } from '../../platform/http/call-context.js';
import { implement } from '../../platform/http/rpc-app.js';
import { uploadCatalogueImage } from '../media/catalogue-image.service.js';
import * as staff from './staff-catalogue.service.js';

const actor = (ctx: Parameters<typeof requirePrincipal>[0]) => requirePrincipal(ctx).accountId;

export const staffCatalogueImplementations = [
  implement(staffCreatePlace, (ctx, input) => staff.createPlace(ctx.deps, actor(ctx), input)),
  implement(staffUpdatePlace, (ctx, input) => staff.updatePlace(ctx.deps, actor(ctx), input)),
  implement(staffGetPlace, (ctx, input) => staff.getPlace(ctx.deps, input.placeId)),
  implement(staffListPlaces, (ctx, input) => staff.listPlaces(ctx.deps, input)),
  implement(staffCreateHouseGroup, (ctx, input) => staff.createHouseGroup(ctx.deps, actor(ctx), input)),
  implement(staffUpdateHouseGroup, (ctx, input) => staff.updateHouseGroup(ctx.deps, actor(ctx), input)),
  implement(staffGetHouseGroup, (ctx, input) => staff.getHouseGroup(ctx.deps, input.houseGroupId)),
  implement(staffListHouseGroups, (ctx, input) => staff.listHouseGroups(ctx.deps, input)),
  implement(staffCreateHouse, (ctx, input) => staff.createHouse(ctx.deps, actor(ctx), input)),
  implement(staffUpdateHouse, (ctx, input) => staff.updateHouse(ctx.deps, actor(ctx), input)),
  implement(staffDeleteHouse, (ctx, input) => staff.deleteHouse(ctx.deps, actor(ctx), input.houseId)),
  implement(staffUploadCatalogueImage, (ctx, input) => uploadCatalogueImage(ctx.deps, actor(ctx), input)),
  implement(staffAttachCatalogueImage, (ctx, input) => staff.attachImage(ctx.deps, actor(ctx), input)),
  implement(staffDetachCatalogueImage, (ctx, input) => staff.detachImage(ctx.deps, actor(ctx), input)),
  implement(staffSetSeasonCalendar, (ctx, input) => staff.setSeasonCalendar(ctx.deps, actor(ctx), input)),
  implement(staffGetSeasonCalendar, (ctx, input) => staff.getSeasonCalendar(ctx.deps, input)),
  implement(staffListAuditEntries, (ctx, input) => staff.listAuditEntries(ctx.deps, input)),
];
