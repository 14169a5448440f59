import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { bulkFieldErrors, bulkFieldIndex, namePathOf, placeApiError, showApiError } from './form-errors';

const has =
  (...names: string[]) =>
  (path: (string | number)[]) =>
    names.includes(String(path[0]));

/** A stand-in for Ant Design's form: the fields it holds, and what was set on them. */
function fakeForm(values: Record<string, unknown>) {
  const set: unknown[] = [];
  return { set, form: { getFieldsValue: () => values, setFields: (fields: unknown[]) => void set.push(...fields) } };
}

const invalid = new ApiError('Some fields are not valid', 'VALIDATION_FAILED', 400, 'Invalid body', [
  { field: 'Url', in: 'body', message: 'must be an http:// or https:// address' },
  { field: 'Url', in: 'body', message: 'too long' },
  { field: 'Other', in: 'body', message: 'odd' },
]);

describe('server field errors on forms', () => {
  it('turn dotted and indexed paths into name paths', () => {
    expect(namePathOf('Password')).toEqual(['Password']);
    expect(namePathOf('IPs[3].IP')).toEqual(['IPs', 3, 'IP']);
    expect(namePathOf('currency_UDT[0].Rate')).toEqual(['currency_UDT', 0, 'Rate']);
    expect(namePathOf('[2].stake')).toEqual([2, 'stake']);
  });

  it('put a coded error naming one field on that field, in its translated words', () => {
    const error = new ApiError('帳號已被使用', 'ACCOUNT_TAKEN', 409, 'Account: is already in use', [
      { field: 'Account', message: 'is already in use' },
    ]);
    expect(placeApiError(error, has('Account', 'Name'))).toEqual({
      fields: [{ name: ['Account'], errors: ['帳號已被使用'] }],
      message: undefined,
    });
  });

  it('show validation errors per field and list those the form lacks above it', () => {
    expect(placeApiError(invalid, has('Name', 'Url'))).toEqual({
      fields: [{ name: ['Url'], errors: ['must be an http:// or https:// address', 'too long'] }],
      message: 'Other: odd',
    });
  });

  it('show an error without fields, or any other failure, above the form', () => {
    const lastAdmin = new ApiError('最後一位管理員', 'LAST_ADMIN', 409);
    expect(placeApiError(lastAdmin, has('Tags'))).toEqual({ fields: [], message: '最後一位管理員' });
    expect(placeApiError(new Error('offline'), has('Tags'))).toEqual({ fields: [], message: 'offline' });
    // No field of the form is named: the whole (translated) message.
    expect(placeApiError(invalid, has('Name'))).toEqual({ fields: [], message: 'Some fields are not valid' });
  });

  it("let a screen word a field's error itself", () => {
    const placed = placeApiError(invalid, has('Url'), {
      message: (fieldError) => (fieldError.field === 'Url' ? 'Enter an http(s) address' : undefined),
    });
    expect(placed.fields).toEqual([
      { name: ['Url'], errors: ['Enter an http(s) address', 'Enter an http(s) address'] },
    ]);
    expect(placed.message).toBe('Other: odd');
  });

  it('set the fields of a form that has them', () => {
    const { form, set } = fakeForm({ IPs: [{ IP: 'x' }], Memo: undefined });
    const error = new ApiError('bad', 'VALIDATION_FAILED', 400, 'bad', [
      { field: 'IPs[0].IP', message: 'is not an address' },
    ]);
    expect(showApiError(form, error)).toBeUndefined();
    expect(set).toEqual([{ name: ['IPs', 0, 'IP'], errors: ['is not an address'] }]);
    // A field that is registered but empty still counts.
    const memo = new ApiError('Memo too long', 'CONFLICT', 409, 'x', [{ field: 'Memo', message: 'too long' }]);
    expect(showApiError(form, memo)).toBeUndefined();
    expect(set).toContainEqual({ name: ['Memo'], errors: ['Memo too long'] });
  });

  it("rename server fields to the form's own, or leave them above it", () => {
    const error = new ApiError('bad', 'VALIDATION_FAILED', 400, 'bad', [
      { field: 'currency_UDT[1].Rate', message: 'must be greater than 0' },
      { field: 'Token', message: 'is required' },
    ]);
    const placed = placeApiError(error, has('rates'), {
      fieldOf: (f) => (f.startsWith('currency_UDT') ? f.replace(/^currency_UDT/, 'rates') : undefined),
    });
    expect(placed).toEqual({
      fields: [{ name: ['rates', 1, 'Rate'], errors: ['must be greater than 0'] }],
      message: 'Token: is required',
    });
  });

  it('read the entry index of bulk fields', () => {
    expect(bulkFieldIndex('BlackMember_UDT[12].MemberID', 'BlackMember_UDT')).toEqual({ index: 12, field: 'MemberID' });
    expect(bulkFieldIndex('WhiteIP_UDT[0]', 'WhiteIP_UDT')).toEqual({ index: 0, field: '' });
    expect(bulkFieldIndex('Other[1].MemberID', 'BlackMember_UDT')).toBeUndefined();
    expect(bulkFieldIndex('BlackMember_UDT.MemberID', 'BlackMember_UDT')).toBeUndefined();
    const error = new ApiError('on whitelist', 'MEMBER_ON_WHITELIST', 409, 'x', [
      { field: 'BlackMember_UDT[1].MemberID', message: 'm2 is on the whitelist' },
      { field: 'BlackMember_UDT[1].Memo', message: 'second error of the same entry' },
      { field: 'BlackMember_UDT[4].MemberID', message: 'm5 is on the whitelist' },
    ]);
    const found = bulkFieldErrors(error, 'BlackMember_UDT');
    expect([...found.keys()]).toEqual([1, 4]);
    expect(found.get(1)?.message).toBe('m2 is on the whitelist');
    expect(bulkFieldErrors(new Error('offline'), 'BlackMember_UDT').size).toBe(0);
  });
});
