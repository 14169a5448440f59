import { ScreenPlaceholder } from '../../components/ScreenPlaceholder';

/** Placeholder until its issue builds the screen: replace this component, keep the export name. */
export function BlockSettingPage() {
  return <ScreenPlaceholder />;
}
