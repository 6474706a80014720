// Images' public face: what other plugins may call (tests/boundaries.test.ts lets them import nothing
// else of images). No plugin depends on images; the online shop reaches it over HTTP. Core reads the photos'
// off-site status through the manifest's offsiteQueues (core cannot import plugins); this is the same function.
export { imagesReplicaStatus, type ImagesReplicaStatus } from './replica/queue.js';
