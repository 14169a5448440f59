/** Word lists that give the simulated platform its texture. All invented; no real brand is implied. */

export const NICK_PREFIXES = [
  'Lucky',
  'Golden',
  'Jade',
  'Red',
  'Silent',
  'Happy',
  'Iron',
  'Wild',
  'Rich',
  'Night',
  'Big',
  'Little',
  'Swift',
  'Royal',
  'Sly',
  'Brave',
  'Misty',
  'Crazy',
  'Cool',
  'Super',
] as const;
export const NICK_NOUNS = [
  'Tiger',
  'Dragon',
  'Koi',
  'Panda',
  'Phoenix',
  'Ace',
  'King',
  'Queen',
  'Fox',
  'Wolf',
  'Monkey',
  'Crane',
  'Lotus',
  'Rider',
  'Hunter',
  'Ghost',
  'Ninja',
  'Baron',
  'Duke',
  'Cat',
] as const;
/** Traditional-Chinese nick names, as many members of an Asian platform would use. */
export const NICK_CHINESE = [
  '阿明',
  '小龍',
  '金虎',
  '大發',
  '小美',
  '阿嬌',
  '富貴',
  '旺財',
  '小寶',
  '阿強',
  '招財貓',
  '發哥',
  '阿偉',
  '小燕',
  '龍哥',
  '阿華',
  '財神',
  '鳳姐',
  '阿杰',
  '小胖',
] as const;

export const DEVICE_MODELS = [
  'ios/iPhone15,3',
  'ios/iPhone14,5',
  'ios/iPhone16,2',
  'ios/iPad13,4',
  'android/SM-S918B',
  'android/SM-A546E',
  'android/Pixel 8',
  'android/Redmi Note 12',
  'android/OPPO A78',
  'android/vivo Y36',
  'web/Chrome 131 Windows',
  'web/Safari 18 macOS',
  'web/Edge 131 Windows',
  'web/Chrome 131 Android',
] as const;

export const PAYMENT_ROUTES: readonly { platform: string; paymentName: string; weight: number }[] = [
  { platform: 'Bank Transfer', paymentName: 'Cathay United Bank', weight: 5 },
  { platform: 'Bank Transfer', paymentName: 'CTBC Bank', weight: 5 },
  { platform: 'Bank Transfer', paymentName: 'E.SUN Bank', weight: 3 },
  { platform: 'E-Wallet', paymentName: 'LINE Pay', weight: 4 },
  { platform: 'E-Wallet', paymentName: 'JKOPAY', weight: 3 },
  { platform: 'E-Wallet', paymentName: 'Alipay', weight: 2 },
  { platform: 'Crypto', paymentName: 'USDT TRC-20', weight: 3 },
  { platform: 'Crypto', paymentName: 'USDT ERC-20', weight: 1 },
  { platform: 'Card', paymentName: 'Visa', weight: 2 },
  { platform: 'Card', paymentName: 'Mastercard', weight: 1 },
  { platform: 'Convenience Store', paymentName: '7-Eleven ibon', weight: 2 },
];

export const PURCHASE_CATEGORIES = ['Deposit', 'First Deposit', 'VIP Deposit', 'Promotion Deposit'] as const;

export interface BonusKind {
  category: string;
  eventName: string;
  /** Typical points, as a median. */
  median: number;
}
export const PROMO_BONUSES: readonly BonusKind[] = [
  { category: 'Check-in', eventName: 'Daily Check-in', median: 10 },
  { category: 'Deposit Bonus', eventName: 'Reload Bonus 10%', median: 40 },
  { category: 'Deposit Bonus', eventName: 'Weekend Reload 20%', median: 80 },
  { category: 'Lucky Draw', eventName: 'Lucky Wheel', median: 25 },
  { category: 'Tournament', eventName: 'Baccarat Leaderboard', median: 120 },
  { category: 'Tournament', eventName: 'Slots Race', median: 90 },
  { category: 'Referral', eventName: 'Refer a Friend', median: 100 },
  { category: 'Birthday', eventName: 'Birthday Gift', median: 150 },
];
export const VIP_BONUS: BonusKind = { category: 'VIP Reward', eventName: 'VIP Monthly Gift', median: 300 };
export const REBATE_BONUS = { category: 'Rebate', eventName: 'Daily Rebate 0.8%' } as const;
export const SIGN_UP_BONUS = { category: 'Sign-up', eventName: 'Welcome Bonus' } as const;
/** What bonus abusers farm: promotions meant to be claimed once, claimed again and again. */
export const ABUSED_BONUSES: readonly BonusKind[] = [
  { category: 'Deposit Bonus', eventName: 'First Deposit 100%', median: 1_000 },
  { category: 'Referral', eventName: 'Refer a Friend', median: 500 },
  { category: 'Sign-up', eventName: 'Welcome Bonus', median: 800 },
  { category: 'Lucky Draw', eventName: 'Lucky Wheel', median: 300 },
];

export const PROVIDERS = {
  live: ['Orient Live', 'Jade Studio Live', 'Silk Road Gaming'],
  sports: ['Kickoff Sports'],
  slot: ['NovaPlay', 'Red Lantern Games', 'Moonrise Slots', 'Pagoda Interactive'],
} as const;

export const SLOT_NAMES = [
  'Golden Koi',
  'Fortune Lanterns',
  'Jade Emperor Ways',
  'Lucky Neko Nights',
  'Mahjong Riches',
  'Dragon Pearl Hold',
  'Temple of Jade',
  'Red Envelope Rush',
  'Wild Monkey King',
  'Lotus Fortune',
  'Tiger Treasury',
  'Panda Bamboo Ways',
  'Phoenix Rising',
  'Moon Festival',
  'Silk Road Gold',
  'Crane and Pine',
  'Five Blessings',
  'Ocean Pearl',
  'Neon Dynasty',
  'Great Wall Wilds',
] as const;

export const FOOTBALL_LEAGUES = [
  'Premier League',
  'La Liga',
  'Serie A',
  'Bundesliga',
  'Ligue 1',
  'J1 League',
  'K League 1',
  'Chinese Super League',
  'A-League',
  'Eredivisie',
  'MLS',
  'Champions League',
] as const;

export const TABLE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
