/** A national number as people write it ("03-1234-5678") to the digits the API stores ("312345678"). */
export function normalisePhoneDigits(value: string): string {
  const digits = value.replace(/[\s\-().]/g, '');
  // The trunk prefix 0 is not part of the number in international form.
  return /^0\d/.test(digits) ? digits.slice(1) : digits;
}
