import { PublicScreenPlaceholder } from '../../components/PublicScreenPlaceholder';

/** Placeholder until its issue builds the screen: replace this component, keep the export name. */
export function RegisterPage() {
  return <PublicScreenPlaceholder />;
}
