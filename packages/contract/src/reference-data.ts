/**
 * Reference lists the user forms choose from. Names are shown through
 * Intl.DisplayNames (countries) or the translation files (occupations), so
 * only the stable ids live here.
 */
export const COUNTRY_CODES =
  `AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS YE YT ZA ZM ZW`.split(
    ' ',
  );

export const OCCUPATIONS = [
  { id: 1, key: 'companyEmployee' },
  { id: 2, key: 'companyExecutive' },
  { id: 3, key: 'selfEmployed' },
  { id: 4, key: 'publicServant' },
  { id: 5, key: 'professional' },
  { id: 6, key: 'student' },
  { id: 7, key: 'homemaker' },
  { id: 8, key: 'partTime' },
  { id: 9, key: 'retired' },
  { id: 10, key: 'other' },
] as const;

export const OCCUPATION_NAMES: Record<number, { en: string; ja: string }> = {
  1: { en: 'Company employee', ja: '会社員' },
  2: { en: 'Company executive', ja: '会社役員' },
  3: { en: 'Self-employed', ja: '自営業' },
  4: { en: 'Public servant', ja: '公務員' },
  5: { en: 'Professional (doctor, lawyer, etc.)', ja: '士業・医師など' },
  6: { en: 'Student', ja: '学生' },
  7: { en: 'Homemaker', ja: '主婦・主夫' },
  8: { en: 'Part-time worker', ja: 'パート・アルバイト' },
  9: { en: 'Retired', ja: '退職・年金生活' },
  10: { en: 'Other', ja: 'その他' },
};
