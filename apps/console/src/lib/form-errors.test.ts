import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { applyServerErrors, bulkFieldErrors, bulkFieldIndex, mapServerErrors } from './form-errors';

const conflict = new ApiError('Name taken', 'BLOCK_API_NAME_TAKEN', 409, 'Name: taken', [
  { field: 'Name', in: 'body', message: 'another block API is already called "Acme"' },
]);
const invalid = new ApiError('Some fields are not valid', 'VALIDATION_FAILED', 400, 'Invalid body', [
  { field: 'Url', in: 'body', message: 'must be an http:// or https:// address' },
  { field: 'Url', in: 'body', message: 'too long' },
  { field: 'Other', in: 'body', message: 'odd' },
]);

describe('server errors on form fields', () => {
  it('put each message on its field and keep the rest for the form', () => {
    expect(mapServerErrors(invalid, { known: ['Name', 'Url'] })).toEqual({
      fields: [{ name: 'Url', errors: ['must be an http:// or https:// address', 'too long'] }],
      rest: ['Other: odd'],
    });
  });

  it('translate by the message code where the screen knows it', () => {
    const mapped = mapServerErrors(conflict, {
      known: ['Name'],
      message: (fieldError, code) => (code === 'BLOCK_API_NAME_TAKEN' ? 'Name in use' : fieldError.message),
    });
    expect(mapped.fields).toEqual([{ name: 'Name', errors: ['Name in use'] }]);
  });

  it('rename fields and fall back to the message of an error without fields', () => {
    expect(mapServerErrors(invalid, { fieldOf: (f) => (f === 'Other' ? 'other' : undefined) }).fields).toEqual([
      { name: 'other', errors: ['odd'] },
    ]);
    expect(mapServerErrors(new Error('offline'), { known: [] })).toEqual({ fields: [], rest: ['offline'] });
    const set: unknown[] = [];
    expect(applyServerErrors({ setFields: (f) => set.push(...f) }, conflict, { known: ['Name'] })).toEqual([]);
    expect(set).toHaveLength(1);
  });

  it('read the entry index of bulk fields', () => {
    expect(bulkFieldIndex('BlackMember_UDT[12].MemberID', 'BlackMember_UDT')).toEqual({ index: 12, field: 'MemberID' });
    expect(bulkFieldIndex('WhiteIP_UDT[0]', 'WhiteIP_UDT')).toEqual({ index: 0, field: '' });
    expect(bulkFieldIndex('Other[1].MemberID', 'BlackMember_UDT')).toBeUndefined();
    const error = new ApiError('on whitelist', 'MEMBER_ON_WHITELIST', 409, 'x', [
      { field: 'BlackMember_UDT[1].MemberID', message: 'm2 is on the whitelist' },
      { field: 'BlackMember_UDT[1].Memo', message: 'second error of the same entry' },
      { field: 'BlackMember_UDT[4].MemberID', message: 'm5 is on the whitelist' },
    ]);
    const found = bulkFieldErrors(error, 'BlackMember_UDT');
    expect([...found.keys()]).toEqual([1, 4]);
    expect(found.get(1)?.message).toBe('m2 is on the whitelist');
  });
});
