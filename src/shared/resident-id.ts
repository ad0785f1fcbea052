/**
 * Chinese resident identity numbers (GB 11643-1999): 18 characters, the division code, the date
 * of birth (YYYYMMDD), a sequence and an ISO 7064 MOD 11-2 check digit (`X` for 10); the older
 * 15-digit numbers (before 1999) have a 2-digit year and no check digit.
 */
export const RESIDENT_ID_MSG = {
  checkDigit: '身份证号码校验位不正确，请核对后重新输入',
  birthDate: '身份证号码中的出生日期不正确',
} as const;

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];

/** The check digit of the first 17 digits of an 18-digit number. */
export function residentIdCheckDigit(first17: string): string {
  const sum = [...first17.slice(0, 17)].reduce((acc, d, i) => acc + Number(d) * WEIGHTS[i]!, 0);
  return '10X98765432'[sum % 11]!;
}

/** A date of birth that existed: a real calendar date, not before 1900, not after today. */
function bornOn(yyyymmdd: string, today: Date): boolean {
  const [y, m, d] = [yyyymmdd.slice(0, 4), yyyymmdd.slice(4, 6), yyyymmdd.slice(6, 8)].map(Number);
  const date = new Date(Date.UTC(y!, m! - 1, d!));
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === m! - 1 && date.getUTCDate() === d;
  return real && y! >= 1900 && date.getTime() <= today.getTime();
}

/**
 * What is wrong with a number already of the right shape (15 digits, or 17 digits and a digit or
 * X): its date of birth, then its check digit; undefined when it is a valid number.
 */
export function residentIdProblem(value: string, today: Date = new Date()): string | undefined {
  const id = value.trim().toUpperCase();
  const birth = id.length === 15 ? `19${id.slice(6, 12)}` : id.slice(6, 14);
  if (!bornOn(birth, today)) return RESIDENT_ID_MSG.birthDate;
  if (id.length === 18 && residentIdCheckDigit(id) !== id[17]) return RESIDENT_ID_MSG.checkDigit;
  return undefined;
}
