console.log("sdk build placeholder")
