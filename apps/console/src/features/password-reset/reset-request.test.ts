import { describe, expect, it } from 'vitest';
import { resetRequestFor } from './reset-request';

describe('the reset request', () => {
  it('sends an address as Mail, an account as Account, and both when the text could be either', () => {
    expect(resetRequestFor(' alice ')).toEqual({ Account: 'alice' });
    expect(resetRequestFor('alice@example.com')).toEqual({ Mail: 'alice@example.com', Account: 'alice@example.com' });
    expect(resetRequestFor('Alice Smith+tag@example.com')).toEqual({ Account: 'Alice Smith+tag@example.com' });
    expect(resetRequestFor('a+b@example.com')).toEqual({ Mail: 'a+b@example.com' });
  });
});
