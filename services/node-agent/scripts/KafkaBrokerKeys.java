// Prints the names of a Kafka version's broker properties (its ConfigDef), one a line, sorted:
//   java -cp "<kafka>/libs/*" services/node-agent/scripts/KafkaBrokerKeys.java
// src/kafka-broker-keys.ts holds the union of these lists over the Kafka versions the agent runs.
import org.apache.kafka.server.config.AbstractKafkaConfig;

public class KafkaBrokerKeys {
  public static void main(String[] args) {
    AbstractKafkaConfig.CONFIG_DEF.names().stream().sorted().forEach(System.out::println);
  }
}
