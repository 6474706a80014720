// Images' public face: what other plugins may call (tests/boundaries.test.ts lets them import nothing
// else of images). Stock-take depends on images for the labels' photos; the online shop reaches it over HTTP. Core reads the photos'
// off-site status through the manifest's offsiteQueues (core cannot import plugins); this is the same function.
export { imagesReplicaStatus, type ImagesReplicaStatus } from './replica/queue.js';
// Labels print the style's primary photo (#30.5): the thumbnail's file, read by the caller off the main thread.
export { primaryThumbPath } from './primary-photo.js';
