// The product's own calm blue, used when a tenant sets no brand colour.
export const ATTEST_BLUE = [
  '#eef3ff',
  '#dce4f9',
  '#b7c7ee',
  '#8fa8e4',
  '#6d8edb',
  '#577dd6',
  '#3d67cc',
  '#2f56b4',
  '#264ca2',
  '#183f90',
] as const;
