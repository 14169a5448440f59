import { describe, expect, it } from 'vitest';
import { formatMeasure, measureAgainstThreshold, subjectOf } from './labels';
import { pushedAlert } from './live';

describe('alert labels', () => {
  it('show ratios, counts and amounts as a reviewer reads them', () => {
    expect(formatMeasure(1, 2.85714, 'en')).toBe('2.857');
    expect(formatMeasure(3, 12, 'en')).toBe('12');
    expect(formatMeasure(5, 12500, 'en')).toBe('12,500');
    expect(formatMeasure(6, 12500.456, 'en')).toBe('12,500.46');
    expect(formatMeasure(7, null, 'en')).toBe('—');
    expect(measureAgainstThreshold(1, 20, '>', 10, 'en')).toBe('20 > 10');
    expect(measureAgainstThreshold(2, 14, 'any', null, 'en')).toBe('14');
  });

  it('name the subject by kind', () => {
    const base = { MemberID: 'm1', NickName: 'Lucky', IP: '10.0.0.1', Device: 'dev-1' };
    expect(subjectOf({ ...base, SubjectKind: 'member' })).toBe('m1 (Lucky)');
    expect(subjectOf({ ...base, SubjectKind: 'ip' })).toBe('10.0.0.1');
    expect(subjectOf({ ...base, SubjectKind: 'device' })).toBe('dev-1');
  });

  it('take a pushed alert only when it has the list shape', () => {
    const alert = { AlertID: 1, EventType: 1, Level: 2, WindowEnd: 'x', MemberID: 'm', Status: 0 };
    expect(pushedAlert(alert)).toBe(alert);
    expect(pushedAlert({ AlertID: 1 })).toBeUndefined();
  });
});
