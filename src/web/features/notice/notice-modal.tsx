import { useNavigate } from '@tanstack/react-router';
import { sanitizeHtml } from '../../../shared/richtext.ts';
import type { NoticeItem } from '../../../shared/resources/announcement.ts';
import { Modal } from '../../components/modal.tsx';
import { Button } from '../../components/ui.tsx';

/** The notice viewer (spec §2): title, sender, send time, HTML content, 关闭, and 去处理 for url notices. */
export function NoticeModal({ notice, onClose }: { notice: NoticeItem | null; onClose(): void }) {
  const navigate = useNavigate();
  const width = typeof window === 'undefined' ? 800 : Math.round(window.innerWidth * 0.6);
  return (
    <Modal
      open={!!notice}
      onOpenChange={(open) => !open && onClose()}
      title={notice?.titile ?? ''}
      width={width}
      footer={
        <>
          {notice?.openType === 'url' && notice.openPage && (
            <Button
              onClick={() => {
                onClose();
                void navigate({ href: notice.openPage! });
              }}
            >
              去处理
            </Button>
          )}
          <Button variant="primary" onClick={onClose}>
            关闭
          </Button>
        </>
      }
    >
      {notice && (
        <article>
          <p className="mb-3 flex gap-6 text-sm text-gray-600">
            <span>发布人：{notice.sender ?? '—'}</span>
            <span>发布时间：{notice.sendTime ?? '—'}</span>
          </p>
          <div
            className="prose max-w-none text-sm"
            // sanitised on write by the server and again here on render
            dangerouslySetInnerHTML={{ __html: sanitizeHtml(notice.msgContent ?? '') }}
          />
        </article>
      )}
    </Modal>
  );
}
