import { MAX_OWNER_CHARGE, type HouseGroupOwnerSettings } from '@yado/contract/ownership.contract';

/** The owner-settings form as staff type it: the charges as text, the two switches as booleans, the statement cycle. */
export type OwnerSettingsFormValues = {
  ownUseFee: string;
  mutualUseExtraChargePerDay: string;
  allowHighSubstitute: boolean;
  inOwnerNetwork: boolean;
  managementFeePerMonth: string;
  statementCycle: 'MONTHLY' | 'SEMESTER';
};

/** The fields a server refusal can land on. */
export const OWNER_SETTINGS_FORM_KEYS = [
  'ownUseFee',
  'mutualUseExtraChargePerDay',
  'allowHighSubstitute',
  'inOwnerNetwork',
  'managementFeePerMonth',
  'statementCycle',
] as const;

export type OwnerSettingsCharge = 'ownUseFee' | 'mutualUseExtraChargePerDay' | 'managementFeePerMonth';

/** What is wrong with a charge as typed: not a whole number of yen, or beyond what staff may set. */
export type ChargeProblem = 'yen' | 'range';

export function ownerSettingsToForm(settings: HouseGroupOwnerSettings): OwnerSettingsFormValues {
  return {
    ownUseFee: String(settings.ownUseFee),
    mutualUseExtraChargePerDay: String(settings.mutualUseExtraChargePerDay),
    allowHighSubstitute: settings.allowHighSubstitute,
    inOwnerNetwork: settings.inOwnerNetwork,
    managementFeePerMonth: String(settings.managementFeePerMonth),
    statementCycle: settings.statementCycle,
  };
}

/** A charge as typed ("3,300", "¥3300", " 0 ") in whole yen, or null when it is not one. */
export function parseYen(value: string): number | null {
  const digits = value
    .trim()
    .replace(/^[¥￥]/, '')
    .replace(/[,，]/g, '')
    .trim();
  // Full-width digits are what a Japanese keyboard often types.
  const ascii = digits.replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0));
  return /^\d{1,9}$/.test(ascii) ? Number(ascii) : null;
}

/** The problems of the form, by field; empty when it may be sent. */
export function validateOwnerSettingsForm(
  values: OwnerSettingsFormValues,
): Partial<Record<OwnerSettingsCharge, ChargeProblem>> {
  const problems: Partial<Record<OwnerSettingsCharge, ChargeProblem>> = {};
  for (const key of ['ownUseFee', 'mutualUseExtraChargePerDay', 'managementFeePerMonth'] as const) {
    const yen = parseYen(values[key]);
    if (yen === null) problems[key] = 'yen';
    else if (yen > MAX_OWNER_CHARGE) problems[key] = 'range';
  }
  return problems;
}

/** The staff_update_owner_settings input of a form that passed validation. */
export function toOwnerSettingsInput(houseGroupId: string, values: OwnerSettingsFormValues): HouseGroupOwnerSettings {
  return {
    houseGroupId,
    ownUseFee: parseYen(values.ownUseFee) ?? Number.NaN,
    mutualUseExtraChargePerDay: parseYen(values.mutualUseExtraChargePerDay) ?? Number.NaN,
    allowHighSubstitute: values.allowHighSubstitute,
    inOwnerNetwork: values.inOwnerNetwork,
    managementFeePerMonth: parseYen(values.managementFeePerMonth) ?? Number.NaN,
    statementCycle: values.statementCycle,
  };
}
