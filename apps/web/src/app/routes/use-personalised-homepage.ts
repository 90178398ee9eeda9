import { useConfiguration } from '../../features/configuration';

// Spec 1 §2: the dashboard opens in MY_STUFF when the tenant's specialFeatures holds
// PERSONALISED_HOMEPAGE, else in KIND_VIEW. Its own file: the header reads it without pulling the
// lazily loaded dashboard page into the main bundle.
export function usePersonalisedHomepage(): boolean {
  return useConfiguration().custom_ui_labels.specialFeatures.includes('PERSONALISED_HOMEPAGE');
}
