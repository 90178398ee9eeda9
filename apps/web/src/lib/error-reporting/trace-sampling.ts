import { type Section, sectionOf } from './sections';

export type TraceSampling = {
  section: Section;
  // A client-side navigation, as opposed to a page load.
  navigation: boolean;
  // What an incoming trace decided, when there is one.
  parentSampled?: boolean;
};

// Spec 2 §9.5, the trace sample rates:
// tasks, report, settings, studio, records: 1; home, dashboard, dashboards: 1 (0.75 for
// navigations); search: 1 (0.5 for navigations); process: 0.2 (0.03 for navigations); other: 0.2,
// unless the parent was sampled (then it is kept with its trace).
export function traceSampleRate({ section, navigation, parentSampled }: TraceSampling): number {
  switch (section) {
    case 'tasks':
    case 'report':
    case 'settings':
    case 'studio':
    case 'records':
      return 1;
    case 'home':
    case 'dashboard':
    case 'dashboards':
      return navigation ? 0.75 : 1;
    case 'search':
      return navigation ? 0.5 : 1;
    case 'process':
      return navigation ? 0.03 : 0.2;
    default:
      return parentSampled ? 1 : 0.2;
  }
}

// What the SDK hands a sampler (the parts we read): the span's name (the page's path, or its
// address) and attributes, of which sentry.op tells a navigation from a page load.
export type SamplingContext = {
  name: string;
  attributes?: Record<string, unknown>;
  parentSampled?: boolean;
};

// The SDK's tracesSampler option.
export function tracesSampler(context: SamplingContext): number {
  return traceSampleRate({
    section: sectionOf(context.name),
    navigation: context.attributes?.['sentry.op'] === 'navigation',
    parentSampled: context.parentSampled,
  });
}
