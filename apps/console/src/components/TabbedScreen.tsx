import { Tabs } from 'antd';
import type { ReactNode } from 'react';
import { useTabParam } from '../hooks/useTabParam';
import { PageFrame } from './PageFrame';

export interface ScreenTab<K extends string> {
  key: K;
  label: ReactNode;
  /** Gets a function that opens another tab (e.g. "see the log"). */
  render: (open: (key: K) => void) => ReactNode;
}

/**
 * A screen of several tabs in the page frame; the open tab is kept in the address (`?tab=`), the first
 * is the default, and a hidden tab is unmounted (its queries stop).
 */
export function TabbedScreen<K extends string>({
  description,
  tabs,
  onTabClick,
}: {
  description?: ReactNode;
  tabs: ScreenTab<K>[];
  /** The user picked a tab on the tab bar (not through `open`). */
  onTabClick?: (key: K) => void;
}) {
  const keys = tabs.map((tab) => tab.key);
  const [tab, setTab] = useTabParam(keys, keys[0] as K);
  return (
    <PageFrame description={description}>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          onTabClick?.(key as K);
          setTab(key as K);
        }}
        destroyOnHidden
        items={tabs.map(({ key, label, render }) => ({ key, label, children: render(setTab) }))}
      />
    </PageFrame>
  );
}
