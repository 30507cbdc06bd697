import {
  getHouseGroup,
  getHouseGroupAvailabilityCalendar,
  getHouseGroupLocation,
  getPlace,
  getSeasonPriceType,
  listHouseGroups,
  listHouses,
  listPlaces,
  listStayStyles,
  searchHouseGroups,
} from '@yado/contract/catalogue.contract';
import { implement } from '../../platform/http/rpc-app.js';
import * as catalogue from './catalogue.service.js';
import * as search from './search.service.js';

export const catalogueImplementations = [
  implement(listPlaces, (ctx, input) => catalogue.listPlaces(ctx.deps, ctx.language, input)),
  implement(getPlace, (ctx, input) => catalogue.getPlace(ctx.deps, ctx.language, input.placeId)),
  implement(listHouseGroups, (ctx, input) => catalogue.listHouseGroups(ctx.deps, ctx.language, input)),
  implement(getHouseGroup, (ctx, input) => catalogue.getHouseGroup(ctx.deps, ctx.language, input.houseGroupId)),
  implement(getHouseGroupLocation, (ctx, input) =>
    catalogue.getHouseGroupLocation(ctx.deps, ctx.language, input.houseGroupId),
  ),
  implement(listHouses, (ctx, input) => catalogue.listHouses(ctx.deps, ctx.language, input.houseGroupId)),
  implement(getHouseGroupAvailabilityCalendar, (ctx, input) => catalogue.getAvailabilityCalendar(ctx.deps, input)),
  implement(getSeasonPriceType, (ctx, input) => catalogue.getSeasonPriceType(ctx.deps, input)),
  implement(listStayStyles, (ctx, input) => catalogue.listStayStyles(ctx.deps, ctx.language, input.houseGroupId)),
  implement(searchHouseGroups, (ctx, input) => search.searchHouseGroups(ctx.deps, ctx.language, input)),
];
