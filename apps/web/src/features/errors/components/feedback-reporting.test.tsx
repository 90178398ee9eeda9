import type { TelemetrySettings } from '@attest/shared';
import type { BrowserOptions } from '@sentry/react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  lastErrorEventId,
  reportError,
  resetErrorReportingForTests,
  startErrorReporting,
} from '../../../lib/error-reporting/error-reporting';
import { renderWithProviders } from '../../../test/render';
import { ErrorPage } from './error-page';

// An envelope as the SDK hands it to its transport: [header, [[itemHeader, payload], ...]].
type Item = [{ type: string }, Record<string, unknown>];
type Envelope = [Record<string, unknown>, Item[]];

// The SDK's transport, keeping what would go to the error-reporting service.
function recordingTransport(envelopes: Envelope[]): BrowserOptions['transport'] {
  return () => ({
    send: async (envelope) => {
      envelopes.push(envelope as unknown as Envelope);
      return {};
    },
    flush: async () => true,
  });
}

const SETTINGS: TelemetrySettings = {
  tenant: 'acme',
  sentry_dsn: 'https://publickey@errors.example/42',
  environment: 'test',
  release: 'attest@0.1.0',
  analytics_urls: [],
};

const items = (envelopes: Envelope[], type: string) =>
  envelopes.flatMap(([, list]) =>
    list.filter(([header]) => header.type === type).map(([, payload]) => payload),
  );

afterEach(resetErrorReportingForTests);

describe('the error page’s Feedback dialog (spec 2 §2.7, issue 19)', () => {
  it('sends its text with the id of the event reported, which carries the tenant tag', async () => {
    const envelopes: Envelope[] = [];
    startErrorReporting(SETTINGS, recordingTransport(envelopes));
    await reportError(new Error('the report would not load'));
    const eventId = lastErrorEventId();
    expect(eventId).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(items(envelopes, 'event')).toHaveLength(1));
    expect(items(envelopes, 'event')[0]).toMatchObject({
      event_id: eventId,
      tags: { tenant: 'acme' },
      environment: 'test',
      exception: { values: [{ value: 'the report would not load' }] },
    });

    renderWithProviders(<ErrorPage />);
    fireEvent.click(screen.getByRole('button', { name: 'SUBMIT FEEDBACK' }));
    expect(await screen.findByText(`Error event ID: ${eventId}`)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/What were you doing\?/), {
      target: { value: 'I opened the quarterly report' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send feedback' }));

    await waitFor(() => expect(items(envelopes, 'feedback')).toHaveLength(1));
    expect(items(envelopes, 'feedback')[0]).toMatchObject({
      contexts: { feedback: { message: 'I opened the quarterly report', associated_event_id: eventId } },
      tags: { tenant: 'acme' },
    });
  });

  it('attaches no id for an error on the ignore list, which is not sent', async () => {
    const envelopes: Envelope[] = [];
    startErrorReporting(SETTINGS, recordingTransport(envelopes));
    await reportError(new TypeError('Failed to fetch dynamically imported module: /assets/signed-in.js'));
    expect(lastErrorEventId()).toBeNull();
    renderWithProviders(<ErrorPage />);
    fireEvent.click(screen.getByRole('button', { name: 'SUBMIT FEEDBACK' }));
    expect(await screen.findByText('Error event ID: unknown')).toBeTruthy();
    expect(items(envelopes, 'event')).toEqual([]);
  });

  it('sends nothing and shows unknown when error reporting is off', async () => {
    startErrorReporting(null);
    await reportError(new Error('unseen'));
    expect(lastErrorEventId()).toBeNull();
    renderWithProviders(<ErrorPage />);
    fireEvent.click(screen.getByRole('button', { name: 'SUBMIT FEEDBACK' }));
    expect(await screen.findByText('Error event ID: unknown')).toBeTruthy();
  });
});
