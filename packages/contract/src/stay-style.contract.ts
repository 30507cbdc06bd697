import { z } from 'zod';
import { TypedIdSchema } from './common.schema.js';
import { defineMethod } from './method.js';

/*
 * What a stay style suggests (docs/decisions/0043-questionnaires-and-stay-styles.md): per house group
 * and stay style, the group's meals and extra options staff recommend to a guest who chose that
 * style, in their order. The booking form shows them first as "suggested for your stay style".
 */

export const MAX_SUGGESTED_ITEMS = 30;

export const StayStyleSuggestionSchema = z.object({
  stayStyleId: z.string(),
  stayStyleName: z.string(),
  mealIds: z.array(z.string()),
  extraOptionIds: z.array(z.string()),
});
export type StayStyleSuggestion = z.infer<typeof StayStyleSuggestionSchema>;

export const listStayStyleSuggestions = defineMethod({
  path: 'list_stay_style_suggestions',
  access: 'public',
  summary:
    "A house group's stay styles, each with the meals and extra options it suggests (empty lists when staff set none). 404 CodeNotFound for an unknown house group.",
  input: z.object({ houseGroupId: TypedIdSchema }).strict(),
  output: z.object({ suggestions: z.array(StayStyleSuggestionSchema) }),
});

export const staffSetStayStyleSuggestions = defineMethod({
  path: 'staff_set_stay_style_suggestions',
  access: 'staff',
  summary:
    'Sets the meals and extra options a house group suggests for one of its stay styles, in order. Refused: a style the group does not offer (400 CodeStayStyleNotOffered), a meal or option of another group or unknown (400 CodeInvalidArgument, the item named), an unknown house group (404 CodeNotFound).',
  input: z
    .object({
      houseGroupId: TypedIdSchema,
      stayStyleId: TypedIdSchema,
      mealIds: z.array(TypedIdSchema).max(MAX_SUGGESTED_ITEMS),
      extraOptionIds: z.array(TypedIdSchema).max(MAX_SUGGESTED_ITEMS),
    })
    .strict(),
  output: z.object({ suggestion: StayStyleSuggestionSchema }),
});

export const STAY_STYLE_METHODS = [listStayStyleSuggestions, staffSetStayStyleSuggestions] as const;
