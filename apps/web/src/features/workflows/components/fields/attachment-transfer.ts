import type { FileAnswer } from '@attest/shared';
import { attachmentUrl, uploadAttachment } from '../../api/attachments';

function isSamePath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

function follow(url: string, name: string) {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
}

// Upload and download of one field's files.
export function attachmentTransfer(workflowId: number, fieldTag: string) {
  return {
    // One file after another, so a failure names its file and the others still land.
    async upload(files: readonly File[], onSettled: (index: number) => void) {
      const stored: FileAnswer[] = [];
      const failures: { name: string; error: unknown }[] = [];
      for (const [index, file] of files.entries()) {
        try {
          const { id, uid, name, size, content_type } = await uploadAttachment(workflowId, fieldTag, file);
          stored.push({ id, uid, name, size, content_type });
        } catch (error) {
          failures.push({ name: file.name, error });
        }
        onSettled(index);
      }
      return { stored, failures };
    },
    // Spec 1 §7: ask for the file's address, then follow it. Returns the failure, if any.
    async download(file: FileAnswer): Promise<unknown> {
      try {
        const url = await attachmentUrl(workflowId, fieldTag, file.uid);
        if (!isSamePath(url)) return new Error('unexpected attachment address');
        follow(url, file.name);
        return undefined;
      } catch (error) {
        return error;
      }
    },
  };
}
