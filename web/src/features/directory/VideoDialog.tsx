import { Modal } from 'antd';
import { useEffect, useState } from 'react';
import { videoDialogWidth } from './directory-rules';

/** The embedded video (spec 002 section 9): width min(window width - 48, 1280), a 16:9 frame. */
export function VideoDialog({ open, url, title, onClose }: { open: boolean; url: string; title: string; onClose: () => void }) {
  const [width, setWidth] = useState(() => videoDialogWidth(window.innerWidth));
  useEffect(() => {
    const onResize = () => setWidth(videoDialogWidth(window.innerWidth));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return (
    <Modal open={open} onCancel={onClose} footer={null} width={width} title={title} destroyOnHidden centered>
      <div className="ts-video-frame">
        <iframe src={url} title={`${title} video`} allow="autoplay; encrypted-media; picture-in-picture" allowFullScreen />
      </div>
    </Modal>
  );
}
