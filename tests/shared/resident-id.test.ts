import { describe, expect, it } from 'vitest';
import { RESIDENT_ID_MSG, residentIdCheckDigit, residentIdProblem } from '../../src/shared/resident-id.ts';
import { FORM_RULES, passes, ruleProblem } from '../../src/shared/validation.ts';
import { fieldSchema } from '../../src/shared/resources/field-rules.ts';
import { RESOURCES } from '../../src/shared/resources/index.ts';
import type { ResourceField } from '../../src/shared/resources/define.ts';

const TODAY = new Date('2026-11-27T00:00:00Z');

describe('resident ID numbers (GB 11643-1999)', () => {
  it.each([
    '11010519491231002X', // the standard's own example
    '110101199001011237',
    '330106199001011234'.slice(0, 17) + 'X',
    '33010619900101123x', // a lower-case x is the same check digit
    '330106900101123', // 15 digits: a date of birth, no check digit
  ])('accepts %s', (id) => {
    expect(residentIdProblem(id, TODAY)).toBeUndefined();
    expect(ruleProblem(FORM_RULES.idCard, id)).toBeUndefined();
  });

  it.each([
    ['330106199001011234', RESIDENT_ID_MSG.checkDigit], // its check digit is X
    ['110101199001011230', RESIDENT_ID_MSG.checkDigit],
    ['11010119900230123X', RESIDENT_ID_MSG.birthDate], // 30 February
    ['110101189912311234', RESIDENT_ID_MSG.birthDate], // before 1900
    ['110101203001011234', RESIDENT_ID_MSG.birthDate], // not born yet
    ['330106901301123', RESIDENT_ID_MSG.birthDate], // 15 digits, month 13
    ['3301061990010112', FORM_RULES.idCard.message], // the wrong length
  ])('refuses %s: %s', (id, message) => {
    expect(ruleProblem({ ...FORM_RULES.idCard, check: (v) => residentIdProblem(v, TODAY) }, id)).toBe(
      message,
    );
    expect(passes(FORM_RULES.idCard, id)).toBe(false);
  });

  it('computes the MOD 11-2 check digit', () => {
    expect(residentIdCheckDigit('33010619900101123')).toBe('X');
    expect(residentIdCheckDigit('11010119900101123')).toBe('7');
  });

  it('is the rule of every declared ID number field, refusing a wrong check digit', () => {
    const fields = Object.values(RESOURCES).flatMap((r): ResourceField[] =>
      r.decl.fields.filter((f) => /idCard|身份证/.test(`${f.key}${f.title}`)),
    );
    expect(fields.length).toBeGreaterThan(0);
    for (const f of fields) {
      expect(f.rule, f.key).toBe(FORM_RULES.idCard);
      const r = fieldSchema(f).safeParse('330106199001011234');
      expect(r.success).toBe(false);
      expect(r.error?.issues[0]?.message).toBe(RESIDENT_ID_MSG.checkDigit);
      expect(fieldSchema(f).safeParse('33010619900101123X').success).toBe(true);
    }
  });
});
