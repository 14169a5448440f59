import { describe, expect, it } from 'vitest';
import { formatExpiry, invitationMail, resetPasswordMail } from './mail-templates';

describe('mail templates', () => {
  const at = new Date('2026-12-01T04:30:00Z');

  it('write the expiry in the company time zone and the reader’s language', () => {
    expect(formatExpiry(at, 'en', 'Asia/Taipei')).toMatch(/1 Dec 2026.*12:30.*GMT\+8/);
    expect(formatExpiry(at, 'zh', 'Asia/Taipei')).toMatch(/2026年12月1日.*12:30/);
    expect(formatExpiry(at, 'en', 'Not/AZone')).toBe('2026-12-01T04:30:00.000Z');
  });

  it('carry the link in the text and the HTML, escaping names', () => {
    const mail = invitationMail({
      language: 'en',
      product: 'Pitboss',
      company: 'Tom & <Jerry>',
      account: 'tom',
      link: 'https://risk.example.com/register/1-abc',
      expires: 'tomorrow',
    });
    expect(mail.subject).toBe('You are invited to Tom & <Jerry> on Pitboss');
    expect(mail.text).toContain('\n\nhttps://risk.example.com/register/1-abc\n\n');
    expect(mail.html).toContain('<a href="https://risk.example.com/register/1-abc">');
    expect(mail.html).toContain('Tom &#38; &#60;Jerry&#62;');
    expect(mail.html).not.toContain('<Jerry>');
  });

  it('exist in Traditional Chinese, Simplified Chinese and English', () => {
    const base = { product: 'Pitboss', account: 'amy', link: 'https://x.test/resetPassword/t', expires: 'soon' };
    expect(resetPasswordMail({ ...base, language: 'zh' }).subject).toBe('重設您的 Pitboss 密碼');
    expect(resetPasswordMail({ ...base, language: 'zh-CN' }).subject).toBe('重置您的 Pitboss 密码');
    expect(resetPasswordMail({ ...base, language: 'en' }).subject).toBe('Reset your Pitboss password');
  });
});
