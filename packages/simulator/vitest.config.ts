import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'simulator',
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    // The ground-truth test keeps a core busy for a minute: run after the other projects, so their
    // timing-sensitive tests do not share the CPU with it.
    sequence: { groupOrder: 1 },
  },
});
