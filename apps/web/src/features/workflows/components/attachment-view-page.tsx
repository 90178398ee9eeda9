import { Button, Group, Loader } from '@mantine/core';
import { IconDownload, IconFileAlert, IconFileDownload, IconHome } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { StatusPage } from '../../../components/status-page';
import { type AttachmentRef, useAttachmentView } from '../api/attachment-view';
import { downloadFailureText } from './fields/transfer-messages';

// Links to a file in an answer: ?workflow_id=&field_tag=[&uid=] (the download call's own query).
function attachmentRefOf(params: URLSearchParams): AttachmentRef | null {
  const workflowId = Number(params.get('workflow_id'));
  const fieldTag = params.get('field_tag')?.trim() ?? '';
  if (!Number.isSafeInteger(workflowId) || workflowId < 1 || fieldTag === '' || fieldTag.length > 200) {
    return null;
  }
  const uid = params.get('uid')?.trim();
  return { workflowId, fieldTag, ...(uid ? { uid } : {}) };
}

// Spec 2 §2.2 /api/v1/attachment/ (the attachment view): the file a link names is downloaded at once,
// with a button to download it again; a refusal says why in the catalogue's words (spec 1 §8).
export function AttachmentViewPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const ref = attachmentRefOf(params);
  const query = useAttachmentView(ref);
  const url = query.data;

  useEffect(() => {
    if (url) window.location.assign(url);
  }, [url]);

  const home = (
    <Button component={Link} to="/" variant="default" leftSection={<IconHome size={16} />}>
      {t('common.goHome')}
    </Button>
  );

  if (ref === null) {
    return (
      <StatusPage
        fullHeight={false}
        icon={<IconFileAlert size={34} stroke={1.5} />}
        title={t('attachmentView.invalidTitle')}
        description={t('attachmentView.invalid')}
        actions={home}
      />
    );
  }
  if (query.isError) {
    return (
      <StatusPage
        fullHeight={false}
        color="red"
        icon={<IconFileAlert size={34} stroke={1.5} />}
        title={t('attachmentView.failedTitle')}
        description={downloadFailureText(t, query.error)}
        actions={home}
      />
    );
  }
  if (!url) {
    return (
      <StatusPage fullHeight={false} icon={<Loader size="md" />} title={t('attachmentView.preparing')} />
    );
  }
  return (
    <StatusPage
      fullHeight={false}
      color="green"
      icon={<IconFileDownload size={34} stroke={1.5} />}
      title={t('attachmentView.readyTitle')}
      description={t('attachmentView.ready')}
      actions={
        <Group justify="center">
          <Button component="a" href={url} leftSection={<IconDownload size={16} />}>
            {t('attachmentView.downloadAgain')}
          </Button>
          {home}
        </Group>
      }
    />
  );
}
