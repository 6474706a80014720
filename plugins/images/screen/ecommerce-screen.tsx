// /ecommerce (ADMIN): the image manager with proxy uploads and a 'Test Backend Connection' button.
import { useState } from 'react';
import { api, ApiError } from '../../../ui/api.js';
import { toast } from '../../../ui/toast.js';
import { ecommerceBackend } from './image-backends.js';
import { ImagesLayout } from './images-layout.js';
import { ImagesManager } from './images-manager.js';
import { messageOf } from './upload-rules.js';

/** Calls the test endpoint and toasts what happened (docs/spec.md: connected / backend error / connection failed). */
export async function testBackend(): Promise<void> {
  try {
    const res = await api.get<{ message?: string; error?: string }>('/api/ecommerce/test');
    if (res?.error) toast.error(`Backend error: ${res.error}`);
    else toast.success(`Backend connected! ${res?.message ?? ''}`.trim());
  } catch (err) {
    // The server answered with an error, or it could not be reached at all.
    if (err instanceof ApiError) toast.error(`Backend error: ${err.message}`);
    else toast.error(`Connection failed: ${messageOf(err)}`);
  }
}

/** The ecommerce variant of the image manager. */
export default function EcommerceScreen() {
  const [testing, setTesting] = useState(false);
  const test = async () => {
    setTesting(true);
    await testBackend();
    setTesting(false);
  };
  return (
    <ImagesLayout
      actions={
        <button type="button" className="secondary outline" style={{ width: 'auto' }} disabled={testing} onClick={() => void test()}>
          Test Backend Connection
        </button>
      }
    >
      <ImagesManager backend={ecommerceBackend} variant="ecommerce" />
    </ImagesLayout>
  );
}
