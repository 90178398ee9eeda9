// The first bytes of the formats people upload most (documents, images, archives). A file that
// claims one of these types must start with its signature: a renamed executable does not pass as a
// PDF. Types not listed here are taken as declared.
const ZIP = [[0x50, 0x4b, 0x03, 0x04]];
const SIGNATURES: Record<string, readonly (readonly (number | null)[])[]> = {
  'application/pdf': [[0x25, 0x50, 0x44, 0x46, 0x2d]],
  'image/png': [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  'image/jpeg': [[0xff, 0xd8, 0xff]],
  'image/gif': [
    [0x47, 0x49, 0x46, 0x38, 0x37, 0x61],
    [0x47, 0x49, 0x46, 0x38, 0x39, 0x61],
  ],
  'image/webp': [[0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50]],
  'image/tiff': [
    [0x49, 0x49, 0x2a, 0x00],
    [0x4d, 0x4d, 0x00, 0x2a],
  ],
  'application/zip': ZIP,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ZIP,
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ZIP,
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ZIP,
};

export function contentMatchesType(contentType: string, head: Buffer): boolean {
  const signatures = SIGNATURES[contentType];
  if (!signatures) return true;
  return signatures.some(
    (signature) =>
      head.length >= signature.length && signature.every((byte, i) => byte === null || head[i] === byte),
  );
}
