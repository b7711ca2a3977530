// CoreDNS with the plugins a Kubernetes node's cluster DNS uses (its kubeadm Corefile: errors, health, ready,
// kubernetes, forward, cache, loop), as CoreDNS's own coredns.go builds it with every plugin of its plugin.cfg.
package main

import (
	_ "github.com/coredns/coredns/plugin/cache"
	_ "github.com/coredns/coredns/plugin/errors"
	_ "github.com/coredns/coredns/plugin/forward"
	_ "github.com/coredns/coredns/plugin/health"
	_ "github.com/coredns/coredns/plugin/kubernetes"
	_ "github.com/coredns/coredns/plugin/log"
	_ "github.com/coredns/coredns/plugin/loop"
	_ "github.com/coredns/coredns/plugin/ready"

	"github.com/coredns/coredns/coremain"
)

func main() {
	coremain.Run()
}
