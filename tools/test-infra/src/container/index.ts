export { ensureKafkaImages, KAFKA_IMAGE_PATTERN, kafkaImage } from "./images.js";
export { ensurePodman, type PodmanEngine, podmanCli, sharedPodman, startPodman } from "./podman.js";
