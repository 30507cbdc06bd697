import { listExtraOptions, listMeals } from '@yado/contract/meal.contract';
import { implement } from '../../platform/http/rpc-app.js';
import * as meal from './meal.service.js';

export const mealImplementations = [
  implement(listMeals, async (ctx, input) => ({
    meals: await meal.listMeals(ctx.deps.db, input.houseGroupId, ctx.language),
  })),
  implement(listExtraOptions, async (ctx, input) => ({
    extraOptions: await meal.listExtraOptions(ctx.deps.db, input.houseGroupId, ctx.language),
  })),
];
