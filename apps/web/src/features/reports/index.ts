// The reports feature's public face (issue 13): what the main chunk needs. The report pages stay
// out; the app loads them lazily as one chunk (app/router/report-pages.tsx).
export { withoutFirstThreeSegments } from './lib/legacy-redirect';
export { ExportChartRoute } from './routes/export-chart-route';
