import { createContext, type ReactNode, useContext } from 'react';

// The zone dates are shown in: the person's stored one (users/me: timezone), else none, which
// Intl reads as the browser's own. Given once at the top of the app, read by useDateFormat.
const TimeZoneContext = createContext<string | undefined>(undefined);

export type TimeZoneProviderProps = { timeZone: string | null | undefined; children: ReactNode };

export function TimeZoneProvider({ timeZone, children }: TimeZoneProviderProps) {
  return <TimeZoneContext.Provider value={timeZone || undefined}>{children}</TimeZoneContext.Provider>;
}

export function useTimeZone(): string | undefined {
  return useContext(TimeZoneContext);
}
