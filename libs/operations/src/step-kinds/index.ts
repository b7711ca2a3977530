import type { StepRegistry } from "../steps.js";
import { alterReplicaLogDirsStep } from "./alter-replica-log-dirs.js";
import { electLeadersStep } from "./elect-leaders.js";
import { setNodeConfigStep } from "./node-config.js";
import { rollSafetyCheckStep, startNodeStep, stopNodeStep, waitNodeHealthyStep } from "./node-lifecycle.js";
import { addObserverAsVoterStep, provisionNodeStep } from "./node-provision.js";
import { installVersionStep, switchVersionStep } from "./node-version.js";
import {
  operatorRollNodesStep,
  operatorScalePoolStep,
  operatorSetMetadataVersionStep,
  operatorSetVersionStep,
} from "./operator.js";
import { addRaftVoterStep, removeRaftVoterStep } from "./raft-voters.js";
import { reassignPartitionsStep } from "./reassign-partitions.js";
import { clearReplicationThrottleStep, setReplicationThrottleStep } from "./replication-throttle.js";
import {
  addPartitionsStep,
  alterQuotasStep,
  alterTopicConfigsStep,
  createAclsStep,
  createTopicsStep,
  deleteAclsStep,
  deleteScramCredentialsStep,
  deleteTopicsStep,
  recordDesiredStateStep,
  setScramCredentialsStep,
} from "./resources.js";
import { setBrokerConfigStep } from "./set-broker-config.js";
import { unregisterBrokerStep } from "./unregister-broker.js";
import { updateFeaturesStep } from "./update-features.js";

/** Every step kind and its executor; the args schema of each is STEP_ARGS[kind] in @kcp/shared. */
export const STEP_KINDS: StepRegistry = {
  electLeaders: electLeadersStep,
  unregisterBroker: unregisterBrokerStep,
  addRaftVoter: addRaftVoterStep,
  removeRaftVoter: removeRaftVoterStep,
  updateFeatures: updateFeaturesStep,
  setBrokerConfig: setBrokerConfigStep,
  setReplicationThrottle: setReplicationThrottleStep,
  clearReplicationThrottle: clearReplicationThrottleStep,
  reassignPartitions: reassignPartitionsStep,
  alterReplicaLogDirs: alterReplicaLogDirsStep,
  rollSafetyCheck: rollSafetyCheckStep,
  stopNode: stopNodeStep,
  startNode: startNodeStep,
  waitNodeHealthy: waitNodeHealthyStep,
  provisionNode: provisionNodeStep,
  setNodeConfig: setNodeConfigStep,
  addObserverAsVoter: addObserverAsVoterStep,
  installVersion: installVersionStep,
  switchVersion: switchVersionStep,
  operatorRollNodes: operatorRollNodesStep,
  operatorScalePool: operatorScalePoolStep,
  operatorSetVersion: operatorSetVersionStep,
  operatorSetMetadataVersion: operatorSetMetadataVersionStep,
  createTopics: createTopicsStep,
  addPartitions: addPartitionsStep,
  alterTopicConfigs: alterTopicConfigsStep,
  createAcls: createAclsStep,
  deleteAcls: deleteAclsStep,
  alterQuotas: alterQuotasStep,
  deleteScramCredentials: deleteScramCredentialsStep,
  deleteTopics: deleteTopicsStep,
  recordDesiredState: recordDesiredStateStep,
  setScramCredentials: setScramCredentialsStep,
};
