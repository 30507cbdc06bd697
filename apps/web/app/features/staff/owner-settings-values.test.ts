import { MAX_OWNER_CHARGE, staffUpdateOwnerSettings } from '@yado/contract/ownership.contract';
import { describe, expect, it } from 'vitest';
import {
  ownerSettingsToForm,
  parseYen,
  toOwnerSettingsInput,
  validateOwnerSettingsForm,
} from './owner-settings-values';

const saved = {
  houseGroupId: 'hg-test',
  ownUseFee: 16500,
  mutualUseExtraChargePerDay: 3000,
  allowHighSubstitute: false,
  inOwnerNetwork: true,
  managementFeePerMonth: 120000,
  statementCycle: 'SEMESTER' as const,
};

describe('owner settings form ↔ contract', () => {
  it('reads saved settings into the form and sends them back unchanged', () => {
    const form = ownerSettingsToForm(saved);
    expect(form).toEqual({
      ownUseFee: '16500',
      mutualUseExtraChargePerDay: '3000',
      allowHighSubstitute: false,
      inOwnerNetwork: true,
      managementFeePerMonth: '120000',
      statementCycle: 'SEMESTER',
    });
    expect(validateOwnerSettingsForm(form)).toEqual({});
    expect(staffUpdateOwnerSettings.input.parse(toOwnerSettingsInput('hg-test', form))).toEqual(saved);
  });

  it('takes yen as people type them: separators, a yen sign, full-width digits', () => {
    expect(parseYen('16,500')).toBe(16500);
    expect(parseYen(' ¥3000 ')).toBe(3000);
    expect(parseYen('１２，０００')).toBe(12000);
    expect(parseYen('0')).toBe(0);
  });

  it('refuses what is not whole yen, and charges above the largest staff may set', () => {
    expect(parseYen('')).toBeNull();
    expect(parseYen('-1')).toBeNull();
    expect(parseYen('12.5')).toBeNull();
    expect(parseYen('abc')).toBeNull();
    const form = ownerSettingsToForm(saved);
    expect(validateOwnerSettingsForm({ ...form, ownUseFee: '', mutualUseExtraChargePerDay: '1.5' })).toEqual({
      ownUseFee: 'yen',
      mutualUseExtraChargePerDay: 'yen',
    });
    expect(validateOwnerSettingsForm({ ...form, ownUseFee: String(MAX_OWNER_CHARGE) })).toEqual({});
    expect(validateOwnerSettingsForm({ ...form, ownUseFee: String(MAX_OWNER_CHARGE + 1) })).toEqual({
      ownUseFee: 'range',
    });
  });
});
