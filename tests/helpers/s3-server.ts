// A real S3-compatible server for tests: s3rver on the loopback, its data in a folder, stoppable and
// restartable on the same port (to play a store that goes down and comes back).
import S3rver from 's3rver';
import { S3Client, GetObjectCommand } from '@aws-sdk/client-s3';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ||= 'true'; // see core/replica/s3-store.ts

export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3TestServer {
  endpoint: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** A client of its own (not Kedai's code) to look at what is stored. */
  client: S3Client;
  /** The object's bytes, or undefined when there is no such key. */
  get(bucket: string, key: string): Promise<Buffer | undefined>;
}

export async function startS3Server(directory: string, buckets: string[]): Promise<S3TestServer> {
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    server = new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: buckets.map((name) => ({ name })) });
    port = (await server.run()).port;
  };
  const stop = async () => {
    const s = server;
    server = undefined;
    if (!s) return;
    s.httpServer?.closeAllConnections(); // the SDK keeps connections alive; close() would wait for them
    await s.close();
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: S3RVER_CREDENTIALS });
  return {
    endpoint,
    port,
    start,
    stop,
    client,
    async get(bucket, key) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await res.Body!.transformToByteArray());
      } catch (err) {
        if ((err as Error).name === 'NoSuchKey') return undefined;
        throw err;
      }
    },
  };
}
