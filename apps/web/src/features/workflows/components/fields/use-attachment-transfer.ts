import type { FileAnswer } from '@attest/shared';
import { attachmentUrl, uploadAttachment } from '../../api/attachments';
import type { StoredFile } from './file-list';

// The uid of each attachment uploaded in this tab. The stored answer names attachments by id only
// (answer-validation-files.ts), while the download call asks for the uid: until the answer carries
// it, a multi-file download of an older file goes without and the server says what it needs.
const uploadedUids = new Map<number, string>();

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

export function useAttachmentTransfer(workflowId: number, fieldTag: string) {
  return {
    // One file after another, so a failure names its file and the others still land.
    async upload(files: readonly File[], onSettled: (index: number) => void) {
      const stored: FileAnswer[] = [];
      const failures: { name: string; reason: string }[] = [];
      for (const [index, file] of files.entries()) {
        try {
          const { id, uid, name, size, content_type } = await uploadAttachment(workflowId, fieldTag, file);
          uploadedUids.set(id, uid);
          stored.push({ id, name, size, content_type });
        } catch (error) {
          failures.push({ name: file.name, reason: error instanceof Error ? error.message : String(error) });
        }
        onSettled(index);
      }
      return { stored, failures };
    },
    // Spec 1 §7: ask for the file's address, then follow it. Returns the failure, if any.
    async download(file: StoredFile): Promise<unknown> {
      const uid = file.uid ?? uploadedUids.get(file.id);
      try {
        const url = await attachmentUrl(workflowId, fieldTag, uid);
        if (!isSamePath(url)) return new Error('unexpected attachment address');
        follow(url, file.name);
        return undefined;
      } catch (error) {
        return error;
      }
    },
  };
}
