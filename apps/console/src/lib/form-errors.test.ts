import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { namePathOf, placeApiError, showApiError } from './form-errors';

const has =
  (...names: string[]) =>
  (path: (string | number)[]) =>
    names.includes(String(path[0]));

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

  it('show validation errors per field and keep those the form lacks above it', () => {
    const error = new ApiError('Some fields are not valid', 'VALIDATION_FAILED', 400, 'Invalid body', [
      { field: 'Password', message: 'must contain at least one digit' },
      { field: 'Password', message: 'must be at least 10 characters' },
      { field: 'Token', message: 'is required' },
    ]);
    const placed = placeApiError(error, has('Password'));
    expect(placed.fields).toEqual([
      { name: ['Password'], errors: ['must contain at least one digit', 'must be at least 10 characters'] },
    ]);
    expect(placed.message).toBe('Some fields are not valid');
  });

  it('show an error without fields, or any other failure, above the form', () => {
    const lastAdmin = new ApiError('最後一位管理員', 'LAST_ADMIN', 409);
    expect(placeApiError(lastAdmin, has('Tags'))).toEqual({ fields: [], message: '最後一位管理員' });
    expect(placeApiError(new Error('offline'), has('Tags'))).toEqual({ fields: [], message: 'offline' });
  });

  it('set the fields of a form that has them', () => {
    const set: unknown[] = [];
    const form = {
      getFieldsValue: () => ({ IPs: [{ IP: 'x' }], Memo: undefined }),
      setFields: (f: unknown[]) => set.push(...f),
    };
    const error = new ApiError('bad', 'VALIDATION_FAILED', 400, 'bad', [
      { field: 'IPs[0].IP', message: 'is not an address' },
    ]);
    expect(showApiError(form, error)).toBeUndefined();
    expect(set).toEqual([{ name: ['IPs', 0, 'IP'], errors: ['is not an address'] }]);
  });

  it("rename server fields to the form's own", () => {
    const error = new ApiError('bad', 'VALIDATION_FAILED', 400, 'bad', [
      { field: 'currency_UDT[1].Rate', message: 'must be greater than 0' },
    ]);
    const placed = placeApiError(error, has('rates'), (f) => f.replace(/^currency_UDT/, 'rates'));
    expect(placed.fields).toEqual([{ name: ['rates', 1, 'Rate'], errors: ['must be greater than 0'] }]);
  });
});
